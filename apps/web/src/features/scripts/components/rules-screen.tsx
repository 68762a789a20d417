// STUB (owner: WEB-B): replaced by the real screen.
export function RulesScreen() {
  return null;
}
