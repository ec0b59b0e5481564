import { apiLogin, assert, call, expectAccessible, openRoom, PHONE, png, roomOf, Skip, unavailable, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
/** A demo host's car that books at once (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

/** The demo guest books the demo car two days far ahead (another window when one is taken); rooms come from bookings. */
async function book(base, token) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = 120 + Math.floor(Math.random() * 230);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: 'browser test: chat',
    }, token, { 'idempotency-key': `e2e-chat-${Date.now()}-${attempt}` });
    if (s === 201) return b.data.tripId;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

async function messagesOf(base, token, roomId) {
  const [s, b] = await call(base, 'GET', `/v1/chat/getmessages?roomId=${roomId}&userType=guest&limit=50`, undefined, token);
  assert.equal(s, 200, JSON.stringify(b));
  return b.formattedMessages;
}

export const tests = {
  async 'a guest and a host in the same room: typing and messages show at once on the other side, the list shows the preview; on a phone one at a time'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    await apiLogin(base, HOST);
    const down = (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest', guest.access_token)) ?? (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token));
    if (down) throw new Skip(down);
    const tripId = await book(base, guest.access_token);
    try {
      const room = await roomOf(base, guest.access_token, tripId);
      const guestPage = await openRoom(browser, base, GUEST, room.id);
      const hostPage = await openRoom(browser, base, HOST, room.id, { hostView: true });
      await guestPage.getByRole('heading', { name: room.hostName, level: 2 }).waitFor();
      await hostPage.getByRole('heading', { name: room.guestName, level: 2 }).waitFor();
      assert.equal(await guestPage.title(), `${room.hostName} | Messages | Upcar`);

      // The guest types: the host sees it.
      const stamp = Date.now();
      const guestBox = guestPage.getByLabel('Message', { exact: true });
      await guestBox.pressSequentially('Hello, landing at 9', { delay: 30 });
      await hostPage.getByText(`${room.guestName} is typing…`).waitFor({ timeout: 5000 });
      await shot(hostPage, 'host-sees-typing');

      // Enter sends: the host has it without reloading; the server stored it once.
      const fromGuest = `Hello, landing at 9 (${stamp})`;
      await guestBox.fill(fromGuest);
      await guestBox.press('Enter');
      await hostPage.getByTestId('chat-message').filter({ hasText: fromGuest }).waitFor({ timeout: 5000 });
      await hostPage.getByText(`${room.guestName} is typing…`).waitFor({ state: 'detached', timeout: 5000 });
      await guestPage.getByTestId('chat-message').filter({ hasText: fromGuest }).waitFor();
      assert.equal(await guestPage.getByTestId('chat-message').filter({ hasText: fromGuest }).count(), 1, 'the own message once, echo and answer alike');
      assert.equal(await guestBox.inputValue(), '');
      const stored = await messagesOf(base, guest.access_token, room.id);
      assert.equal(stored.filter((m) => m.message === fromGuest).length, 1, 'stored once');

      // And the other way: a long reply shows on the guest's page at once, and in the list cut at 40 characters.
      const fromHost = `Great, the keys are in the lockbox by the door, code ${stamp % 10000}`;
      const hostBox = hostPage.getByLabel('Message', { exact: true });
      await hostBox.fill(fromHost);
      await hostPage.getByRole('button', { name: 'Send' }).click();
      const mine = guestPage.getByTestId('chat-message').filter({ hasText: fromHost });
      await mine.waitFor({ timeout: 5000 });
      assert.match(await mine.getAttribute('class'), /chat-msg--theirs/);
      // The list is read again on the message: the room shows the server's preview, the first 40 characters.
      const listed = guestPage.locator(`a[href="/messages/${room.id}"]`);
      const cut = fromHost.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await listed.getByTestId('chat-preview').filter({ hasText: new RegExp(`^${cut}…?$`) }).waitFor({ timeout: 5000 });
      assert.equal(await listed.getAttribute('aria-current'), 'page');
      await shot(guestPage, 'guest-room');
      await expectAccessible(guestPage, 'a chat room');

      // The host's list (host view) shows the room with the guest's name and the last message.
      await hostPage.locator(`a[href="/messages/${room.id}"]`).getByText(room.guestName).waitFor();

      // A picture: uploaded, sent as the message's imageUrl, shown on both sides.
      await guestPage.locator('input[type="file"]').setInputFiles({ name: 'parking.png', mimeType: 'image/png', buffer: png(96) });
      await guestPage.getByRole('img', { name: 'parking.png' }).waitFor();
      await guestPage.getByRole('button', { name: 'Send' }).click();
      await hostPage.getByRole('img', { name: `Photo 1 from ${room.guestName}` }).waitFor({ timeout: 10_000 });
      const withPicture = (await messagesOf(base, guest.access_token, room.id)).at(-1);
      assert.equal(withPicture.imageUrl.length, 1, JSON.stringify(withPicture));
      assert.equal(await hostPage.getByRole('img', { name: `Photo 1 from ${room.guestName}` }).getAttribute('src'), withPicture.imageUrl[0]);

      // The guest's socket drops; what the host sends meanwhile reaches the room once it is back,
      // without a reload. While it is down the room shows nothing new: a room's messages come
      // over the socket only (its newest page is read once per visit). The list beside it is
      // read over HTTP, again after each message (the guest's picture just now included), so its
      // preview may already show the new message, whole (it is 40 characters): the room is what
      // is asserted, not the page.
      guestPage.cutSocket(true);
      await guestPage.getByText('Reconnecting…').waitFor();
      const whileAway = `Sent while you were away (${stamp})`;
      await hostBox.fill(whileAway);
      await hostBox.press('Enter');
      await hostPage.locator('[data-testid="chat-message"]:not(.chat-msg--pending)').filter({ hasText: whileAway }).waitFor();
      const inRoom = guestPage.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: whileAway });
      assert.equal(await inRoom.count(), 0, 'not in the room while its socket is down');
      guestPage.cutSocket(false);
      await guestPage.locator('[data-testid="messages-page"][data-socket="open"]').waitFor({ timeout: 40_000 });
      await inRoom.waitFor({ timeout: 5000 });
      assert.equal(await inRoom.count(), 1, 'caught up once');

      // The list alone.
      await guestPage.goto(`${base}/messages`);
      await guestPage.locator(`a[href="/messages/${room.id}"]`).getByText(room.hostName).waitFor();
      assert.equal(await guestPage.title(), 'Messages | Upcar');
      await expectAccessible(guestPage, 'the rooms list');
      await shot(guestPage, 'guest-list');

      // On a phone the room is shown alone; Enter is a new line and Ctrl+Enter sends.
      const phone = await openRoom(browser, base, GUEST, room.id, { viewport: PHONE });
      assert.equal(await phone.getByTestId('chat-room').first().isVisible(), false, 'the list is hidden while a room is open');
      const phoneBox = phone.getByLabel('Message', { exact: true });
      const fromPhone = `Phone check ${stamp}`;
      await phoneBox.fill(fromPhone);
      await phoneBox.press('Enter');
      assert.match(await phoneBox.inputValue(), new RegExp(`^${fromPhone}\\n?$`), 'Enter is a new line on a phone');
      await phoneBox.fill(fromPhone);
      await phoneBox.press('Control+Enter');
      // Stored: no longer marked as sending.
      await phone.locator('[data-testid="chat-message"]:not(.chat-msg--pending)').filter({ hasText: fromPhone }).waitFor();
      await hostPage.getByTestId('chat-message').filter({ hasText: fromPhone }).waitFor({ timeout: 5000 });
      assert.equal((await messagesOf(base, guest.access_token, room.id)).filter((m) => m.message === fromPhone).length, 1);
      await shot(phone, 'phone-room');
      await phone.getByRole('link', { name: /All messages/ }).click();
      await phone.locator(`a[href="/messages/${room.id}"]`).waitFor();
      assert.equal(await phone.getByTestId('chat-panel').count(), 0);
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },
};
