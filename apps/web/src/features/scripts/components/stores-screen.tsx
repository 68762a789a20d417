// STUB (owner: WEB-B): replaced by the real screen.
export function StoresScreen() {
  return null;
}
