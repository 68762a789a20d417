// node-postgres's parameter serialiser (pg/lib/utils.js, exported by pg but not typed by @types/pg),
// which pglite.statements.js uses so that both databases receive the same parameter text.
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A query parameter as pg sends it: null, text, or bytes (a Buffer, sent in binary). */
    prepareValue(value: unknown): null | string | Buffer;
  };
  export default utils;
}
