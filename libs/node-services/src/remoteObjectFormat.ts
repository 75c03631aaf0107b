// How the debugger shows a value of the debuggee: Chrome DevTools Protocol remote objects as one
// readable line, primitives as in JS source, objects with a preview of their members.

export interface CdpRemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: { properties: { name: string; value?: string; type: string }[]; overflow: boolean; subtype?: string };
}

/** A readable one-line value: primitives as in JS source, objects with a preview of their members. */
export function formatRemoteObject(object: CdpRemoteObject): string {
  switch (object.type) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return JSON.stringify(object.value);
    case 'number':
    case 'bigint':
      return object.unserializableValue ?? String(object.value);
    case 'boolean':
      return String(object.value);
    case 'symbol':
      return object.description ?? 'Symbol()';
    case 'function':
      return `ƒ ${object.description?.split('\n')[0] ?? ''}`.trim();
    default: {
      if (object.subtype === 'null') return 'null';
      const preview = object.preview;
      if (!preview) return object.description ?? object.type;
      const isArray = object.subtype === 'array';
      const members = preview.properties.map((p) =>
        isArray ? formatPreviewValue(p) : `${p.name}: ${formatPreviewValue(p)}`,
      );
      if (preview.overflow) members.push('…');
      const body = members.join(', ');
      return isArray
        ? `${object.description} [${body}]`
        : `${object.description === 'Object' ? '' : `${object.description} `}{${body}}`;
    }
  }
}

function formatPreviewValue(p: { value?: string; type: string }): string {
  return p.type === 'string' ? JSON.stringify(p.value) : (p.value ?? p.type);
}
