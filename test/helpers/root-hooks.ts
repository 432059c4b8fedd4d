// Mocha root hooks: shared fixtures are dropped once, when the whole run ends.
import { dropFullCatalog } from './full-catalog';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await dropFullCatalog();
  },
};
