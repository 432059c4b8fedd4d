// `npm run lint`: oxlint with type-aware rules over the whole project (see engines/oxlint.mjs).
import { lint } from '../engines/oxlint.mjs';

process.exit(await lint());
