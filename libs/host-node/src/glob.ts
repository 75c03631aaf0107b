// Globs over workspace-relative paths, gitignore-style like ripgrep's --glob: a pattern without a
// slash matches a file name at any depth (`*.ts`), one with a slash matches the whole path
// (`src/**/*.ts`). Supports `**`, `*`, `?`, `[...]`, `[!...]` and `{a,b}`.

export function globToRegExp(glob: string): RegExp {
  let pattern = glob.trim().replace(/^\.\//, '').replace(/^\//, '');
  if (pattern === '') throw new Error('The glob pattern is empty.');
  const anyDepth = !pattern.includes('/');
  if (pattern.endsWith('/')) pattern += '**';
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const atStart = i === 0 || pattern[i - 1] === '/';
        const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` matches zero or more folders; a trailing `**` matches everything below.
          out += i + 2 === pattern.length ? '.*' : '(?:[^/]*/)*';
          i += 2;
          continue;
        }
        i++;
      }
      out += '[^/]*';
    } else if (ch === '?') out += '[^/]';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error(`Unclosed '[' in glob '${glob}'.`);
      let set = pattern.slice(i + 1, end);
      if (set.startsWith('!')) set = `^${set.slice(1)}`;
      out += `[${set.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (ch === '{') {
      braces++;
      out += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (ch === ',' && braces > 0) out += '|';
    else out += ch.replace(/[.+^$()|\\{}]/g, '\\$&');
  }
  if (braces > 0) throw new Error(`Unclosed '{' in glob '${glob}'.`);
  return new RegExp(anyDepth ? `(?:^|/)${out}$` : `^${out}$`);
}

export function compileGlob(glob: string): (relativePath: string) => boolean {
  const regex = globToRegExp(glob);
  return (relativePath) => regex.test(relativePath);
}
