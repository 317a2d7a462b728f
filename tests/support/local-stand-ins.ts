import { useLocalStandIns } from '../../local/sandboxes/stand-ins.js';

/**
 * The tests run the product as `npm start` does: on the stand-ins (local/sandboxes/), handed to
 * the composition root before any test builds its dependencies. A test of the deployed
 * composition builds its own without them (tests/unit/stand-ins.test.ts).
 */
useLocalStandIns();
