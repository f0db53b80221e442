/**
 * Share 1 of 2 of the API fuzz (api-fuzz-suite.ts): the operations at even places in the OpenAPI document, and
 * the checks of the whole document.
 */
import { defineApiFuzzSuite } from './api-fuzz-suite';

await defineApiFuzzSuite({ index: 0, count: 2 });
