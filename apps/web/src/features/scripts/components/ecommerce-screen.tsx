// STUB (owner: WEB-A): replaced by the real screen.
export function EcommerceScreen() {
  return null;
}
