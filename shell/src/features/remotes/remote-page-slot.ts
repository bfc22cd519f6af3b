import { createContext } from 'react';

/**
 * Where the shell's server renderer leaves room for a remote's server-rendered page: the shell's
 * server replaces this element, in the rendered HTML, with the page the remote rendered
 * (server/src/server-rendering.mjs). The tag must be written exactly as React renders it.
 */
export const REMOTE_PAGE_SLOT_HTML = '<template id="promatch-remote-page"></template>';

/** True only in the shell's server renderer: RemoteArea then draws the slot, not the remote. */
export const RemotePageSlot = createContext(false);
