/** The model of an estate with no files: what an estate is on the side of a diff it is not on. */
import { MODEL_VERSION, type Estate } from '../estate.js';
import { buildSysplex } from './sysplex.js';
import { buildWeb } from './web.js';

export function emptyEstate(): Estate {
  return { version: MODEL_VERSION, files: [], systems: [], sysplex: buildSysplex([]), web: buildWeb({ plugins: [], clusterXmls: [], cells: [] }).web, loadBalancers: [] };
}
