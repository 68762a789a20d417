// STUB (owner: WEB-B): replaced by the real screen.
export function BlacklistScreen() {
  return null;
}
