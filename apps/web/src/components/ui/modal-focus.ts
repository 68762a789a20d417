/**
 * Every modal of the app traps the focus, so focus can only leave it when the page moves it (a button that
 * disappears while focused, a late focus return from a closed dialog, a toast). Chakra closes a dialog on
 * such a "focus outside" as if the user had clicked away, dropping what was open or typed. A click outside
 * and Escape still close it; a focus that wanders does not.
 */
export const stayOpenOnFocusOutside = (event: { preventDefault: () => void }) => event.preventDefault();
