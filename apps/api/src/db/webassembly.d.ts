// Node runs WebAssembly, but its types come with lib.dom, which the server does not load: the two
// names that pglite-thread.ts uses to compile PGlite once and share it with each database thread.
declare namespace WebAssembly {
  // biome-ignore lint/suspicious/noEmptyInterface: an opaque handle, passed to PGlite as it is
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
