import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * The month's statement of the member's trade account (issue 39 §4): `GET /api/trade/statements/{YYYY-MM}` with the
 * member's bearer, its PDF saved by `saveFile` (a link cannot carry the bearer). Answers the file's
 * name; throws `ApiError` with the server's message when refused.
 */
export async function openTradeStatement(month: string): Promise<string> {
  const { blob, fileName } = await apiFile(`/trade/statements/${encodeURIComponent(month)}`, {
    member: true,
    fallbackName: `statement-${month}.pdf`,
    fallbackMessage: (status) => `The statement could not be downloaded (${status}).`,
  });
  saveFile(blob, fileName);
  return fileName;
}
