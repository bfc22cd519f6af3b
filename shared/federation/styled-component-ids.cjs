/**
 * An rspack loader that gives every styled component a componentId made from its file and its
 * place in that file: `styled.div` becomes `styled.div.withConfig({ componentId: 'pm-1a2b3c4d' })`.
 *
 * Without it styled-components numbers components in the order they are created, which differs
 * between a server renderer (one Node file, every page in it) and the browser (the shell's
 * modules, then a remote's, then each page's chunk as it arrives). Class names are made from that
 * id, so the browser's first render would name classes differently from the server's HTML and
 * hydration would not match. With ids from the source, both sides name every class alike.
 *
 * Runs on TypeScript/TSX source before swc. It recognises `styled.tag` and `styled(Component)`
 * when a template, a type argument or `.attrs(` follows, which is how this code base writes them;
 * any other form keeps the counter (and would show as a hydration mismatch in the e2e check).
 */
const { createHash } = require('node:crypto');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const IMPORTS_STYLED = /import\s+styled\b[^;]*from\s+['"]styled-components['"]/;
const STYLED_CALL =
  /(?<![\w$.])styled(\.[A-Za-z][\w]*|\(\s*[A-Za-z_$][\w$.]*\s*\))(?=\s*(?:<|`|\.attrs\b))/g;

/** The componentId for the `index`-th styled component of `file` (a path from the repo root). */
function componentIdFor(file, index) {
  const digest = createHash('sha256').update(`${file}#${index}`).digest('hex').slice(0, 10);
  return `pm-${digest}`;
}

/** The source with a fixed componentId on each styled component it declares. */
function addComponentIds(source, file) {
  if (!IMPORTS_STYLED.test(source)) return source;
  let index = 0;
  return source.replace(STYLED_CALL, (match) => {
    const id = componentIdFor(file, index);
    index += 1;
    return `${match}.withConfig({ componentId: '${id}' })`;
  });
}

module.exports = function styledComponentIds(source) {
  const file = path.relative(ROOT, this.resourcePath).split(path.sep).join('/');
  return addComponentIds(source, file);
};
module.exports.addComponentIds = addComponentIds;
