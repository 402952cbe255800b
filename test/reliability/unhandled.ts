/**
 * Records every promise rejection nobody handled while a test file runs, so a test can assert
 * there were none (node:test would otherwise report them late, or not against the right test).
 */
export function watchUnhandledRejections(): () => string[] {
  const seen: string[] = [];
  process.on('unhandledRejection', (reason) => {
    seen.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));
  });
  return () => [...seen];
}
