// This is the one module that imports zod itself (see the lint rule's message).
// eslint-disable-next-line no-restricted-imports
import { z } from 'zod';

// The site's Content-Security-Policy has no 'unsafe-eval'. Zod would otherwise probe for
// `new Function` on its first object parse; the probe fails safely, but the browser still reports
// it as a policy violation. Zod keeps this setting in one global, so whichever copy of zod an app
// bundles, the first import of this module switches every copy to its eval-free path.
z.config({ jitless: true });

export { z };
