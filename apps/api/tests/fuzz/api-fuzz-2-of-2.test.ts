/** Share 2 of 2 of the API fuzz (api-fuzz-suite.ts): the operations at odd places in the OpenAPI document. */
import { defineApiFuzzSuite } from './api-fuzz-suite';

await defineApiFuzzSuite({ index: 1, count: 2 });
