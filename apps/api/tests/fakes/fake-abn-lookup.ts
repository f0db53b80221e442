/**
 * The ABR's ABN Lookup JSON service faked at the network edge (issue 39 §1): a local HTTP server answering
 * `GET /AbnDetails.aspx?abn=…&guid=…&callback=c` with the documented JSONP — `c({"Abn":…,"AbnStatus":"Active"|
 * "Cancelled","EntityName":…,"BusinessName":[…],"Gst":"YYYY-MM-DD"|null,"Message":""})`; an unknown ABN answers an
 * empty Abn with a Message, a wrong GUID a Message naming it, and `hang` makes it never answer (timeouts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_ABN_GUID = 'fake-abr-guid';

export interface FakeAbnRecord {
  entityName: string;
  status: 'Active' | 'Cancelled';
  /** The day GST registration started, or null when not registered. */
  gst: string | null;
}

export interface FakeAbnLookup {
  baseUrl: string;
  records: Map<string, FakeAbnRecord>;
  /** Requests seen, by ABN. */
  asked: string[];
  hang: boolean;
  close(): Promise<void>;
}

export async function startFakeAbnLookup(): Promise<FakeAbnLookup> {
  const records = new Map<string, FakeAbnRecord>();
  const asked: string[] = [];
  const state = { hang: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/AbnDetails.aspx') {
      res.writeHead(404).end();
      return;
    }
    if (state.hang) return;
    const abn = url.searchParams.get('abn') ?? '';
    const callback = url.searchParams.get('callback') ?? 'callback';
    asked.push(abn);
    const record = records.get(abn);
    const body =
      url.searchParams.get('guid') !== FAKE_ABN_GUID
        ? {
            Abn: '',
            AbnStatus: '',
            EntityName: '',
            BusinessName: [],
            Gst: null,
            Message: 'The GUID entered is not recognised as a Registered Party',
          }
        : record
          ? {
              Abn: abn,
              AbnStatus: record.status,
              AbnStatusEffectiveFrom: '2001-01-01',
              Acn: '',
              AddressDate: '2020-01-01',
              AddressPostcode: '2150',
              AddressState: 'NSW',
              BusinessName: [],
              EntityName: record.entityName,
              EntityTypeCode: 'PRV',
              EntityTypeName: 'Australian Private Company',
              Gst: record.gst,
              Message: '',
            }
          : {
              Abn: '',
              AbnStatus: '',
              EntityName: '',
              BusinessName: [],
              Gst: null,
              Message: 'No records found',
            };
    res
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      .end(`${callback}(${JSON.stringify(body)})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    records,
    asked,
    get hang() {
      return state.hang;
    },
    set hang(v: boolean) {
      state.hang = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
