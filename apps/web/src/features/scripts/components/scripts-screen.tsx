// STUB (owner: WEB-A): replaced by the real screen.
export function ScriptsScreen() {
  return null;
}
