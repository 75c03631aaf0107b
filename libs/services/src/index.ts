export * from './workspace';
export * from './search';
export * from './git';
export * from './debug';
export * from './editors';
export * from './contextKeys';
