/**
 * `/* @__PURE__ *\/ schema(() => object({...}))`: declares a request schema so that bundles keep
 * only the schemas they use. yup's builders are ordinary calls, so a bundler must keep every
 * top-level `object(...)` of an imported module; a pure-annotated call whose only argument is a
 * function is dropped with its unused export (esbuild honours the annotation at the call site,
 * not on a function imported from another file). shared/routes.ts imports every schema, so
 * without this each Lambda and the web entry chunk would carry all of them, and yup with them.
 */
export const schema = <S>(build: () => S): S => build();
