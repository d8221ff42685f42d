/**
 * The table of model-diff sections, in report order. Comparing a new part of
 * the model (a new front end, routing configuration) is adding its sections
 * here; nothing else in the diff names them.
 */
import { loadBalancerSections } from './lb.js';
import { routingSections } from './routing.js';
import type { Section } from './section.js';
import { stackSections, sysplexSections } from './stack.js';
import { webSections } from './web.js';

export const modelSections: readonly Section[] = [...stackSections, ...sysplexSections, ...webSections, ...loadBalancerSections, ...routingSections];

export type { Item, Section, Value } from './section.js';
