// Catalogs are imported as modules: @lingui/vite-plugin compiles a .po file into `{ messages }`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
