/**
 * A phone on a slow link with a slow CPU, through Chromium's DevTools protocol (issue 37 "Must show"): the
 * journeys that prove a shopper's taps are not lost before the scripts arrive run under it. The figures are
 * Lighthouse's "slow 4G" mobile preset (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower),
 * the profile a person gets from Chromium's own throttling menu.
 *
 * Call it before the first `page.goto`; it lasts for the page's life. Only Chromium has CDP: on another browser
 * it throws, so a journey cannot pass without the throttling it claims.
 */
import type { CDPSession, Page } from '@playwright/test';

export interface SlowPhoneProfile {
  /** Added round-trip latency, ms. */
  latencyMs: number;
  /** Download throughput, bytes per second. */
  downloadBytesPerSecond: number;
  /** Upload throughput, bytes per second. */
  uploadBytesPerSecond: number;
  /** CPU slow-down factor (1 = none). */
  cpuSlowdown: number;
}

/** Lighthouse's mobile "slow 4G" preset. */
export const SLOW_4G_PHONE: SlowPhoneProfile = {
  latencyMs: 150,
  downloadBytesPerSecond: Math.round((1.6 * 1024 * 1024) / 8),
  uploadBytesPerSecond: Math.round((750 * 1024) / 8),
  cpuSlowdown: 4,
};

/**
 * Throttles `page`'s network and CPU to `profile` until the page closes, or until the returned session is detached
 * (`await session.detach()`: Chromium drops a session's emulation with it), for a journey slow only in part.
 */
export async function throttleLikeSlowPhone(
  page: Page,
  profile: SlowPhoneProfile = SLOW_4G_PHONE,
): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return cdp;
}
