import { apiFile } from '@/lib/api-client';

/**
 * The month's statement of the member's trade account (issue 39 §4): `GET /api/trade/statements/{YYYY-MM}` with the
 * member's bearer, its PDF bytes saved through an object URL (the link cannot carry the bearer). Answers the file's
 * name; throws `ApiError` with the server's message when refused.
 */
export async function openTradeStatement(month: string): Promise<string> {
  const { blob, fileName } = await apiFile(`/trade/statements/${encodeURIComponent(month)}`, {
    member: true,
    fallbackName: `statement-${month}.pdf`,
    fallbackMessage: (status) => `The statement could not be downloaded (${status}).`,
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the click has been handled: the browser has the bytes by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}
