/**
 * The ABR's ABN Lookup web service (issue 39 §1), JSON flavour: `GET {base}/AbnDetails.aspx?abn=…&guid=…&callback=c`
 * answers JSONP `c({ Abn, AbnStatus: 'Active' | 'Cancelled', EntityName, BusinessName: [...], Gst: 'YYYY-MM-DD' |
 * null, Message })` (https://abr.business.gov.au/Documentation/WebServiceMethods). Used only when ABN_LOOKUP_GUID
 * is set; tests point ABN_LOOKUP_URL at a local fake answering the documented shape. Every answer is parsed by a
 * zod schema; anything unexpected, a timeout or a network error is an AbnLookupError (the application is still
 * taken, with the check left for the back office: the ABR being down must not turn a business away).
 */
import { z } from 'zod';

/** Longest wait for the ABR, ms. */
export const ABN_LOOKUP_TIMEOUT_MS = 5_000;

export class AbnLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AbnLookupError';
  }
}

const abnDetailsSchema = z.object({
  Abn: z.string().default(''),
  AbnStatus: z.string().default(''),
  EntityName: z.string().default(''),
  BusinessName: z.array(z.string()).default([]),
  Gst: z.string().nullable().default(null),
  Message: z.string().default(''),
});

/** What the ABR says of one ABN; `found` false when it has no such ABN. */
export type AbnDetails =
  { found: false } | { found: true; entityName: string; active: boolean; gstRegistered: boolean };

/** Strips the JSONP wrapper `callback( … )` the service always adds. */
function unwrapJsonp(body: string): unknown {
  const m = /^[\s\w$.]*\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  try {
    return JSON.parse(m ? m[1]! : body);
  } catch {
    throw new AbnLookupError('ABN Lookup answered something that is not JSON');
  }
}

/** Asks the ABR about `abn` (11 digits). Throws AbnLookupError when it cannot be asked or answers oddly. */
export async function lookUpAbn(
  config: { baseUrl: string; guid: string; timeoutMs?: number },
  abn: string,
): Promise<AbnDetails> {
  const url = `${config.baseUrl}/AbnDetails.aspx?abn=${encodeURIComponent(abn)}&guid=${encodeURIComponent(config.guid)}&callback=c`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs ?? ABN_LOOKUP_TIMEOUT_MS) });
  } catch (error) {
    throw new AbnLookupError(`ABN Lookup could not be reached: ${(error as Error).message}`);
  }
  if (!res.ok) throw new AbnLookupError(`ABN Lookup answered HTTP ${res.status}`);
  const parsed = abnDetailsSchema.safeParse(unwrapJsonp(await res.text()));
  if (!parsed.success) throw new AbnLookupError('ABN Lookup answered an unexpected shape');
  const d = parsed.data;
  // An unknown ABN comes back with an empty Abn and a Message; a bad GUID with a Message naming it.
  if (d.Abn === '') {
    if (/guid/i.test(d.Message)) throw new AbnLookupError(`ABN Lookup refused the GUID: ${d.Message}`);
    return { found: false };
  }
  return {
    found: true,
    entityName: d.EntityName || d.BusinessName[0] || '',
    active: d.AbnStatus.toLowerCase() === 'active',
    gstRegistered: d.Gst !== null && d.Gst !== '',
  };
}
