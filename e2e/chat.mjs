// Browser test of the chat of an online game: two players in two browser contexts talk beside the
// board; markup in a message shows as written (text, never HTML); "Hide chat" hides it with one
// click and the browser remembers; a spectator sees the chat only once both players let spectators
// read it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame, openGame, createGame, apiMove } from './helpers.mjs';

/** The texts of the chat's messages as the page shows them. */
async function lines(page) {
  return page.$$eval('#chat-list .chat-text', (ts) => ts.map((t) => t.textContent));
}

test('online chat: markup stays text, the off toggle hides it, spectators read once both allow', async () => {
  const ann = await newPage('chat-ann');
  const bob = await newPage('chat-bob');
  const eve = await newPage('chat-eve');
  await ann.goto(BASE + '/#/rules');
  const c = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black' });
  const bobToken = new URL(c.links.white, BASE).hash.split('token=')[1];
  await openGame(ann, c.id, c.token);
  await openGame(bob, c.id, bobToken);
  await apiMove(ann, c.id, c.token, 'e1e5');
  await apiMove(bob, c.id, bobToken, 'a9a6');
  await waitGame(ann, { ply: 2 });
  await waitGame(bob, { ply: 2 });
  await ann.waitForSelector('#chat-input');
  assert.equal(await ann.getAttribute('#chat-input', 'maxlength'), '300');

  // Ann says something with markup in it; Bob sees it as written, no element made of it.
  const said = 'look: <b>x</b> <img src=x onerror=alert(1)>';
  await ann.fill('#chat-input', said);
  await ann.press('#chat-input', 'Enter');
  await bob.waitForFunction((t) => [...document.querySelectorAll('#chat-list .chat-text')].some((e) => e.textContent === t), said);
  assert.equal(await bob.$$eval('#chat-list b, #chat-list img', (es) => es.length), 0, 'the message made elements');
  // The input is emptied once the server took the message (its answer may come after Bob's socket).
  await ann.waitForFunction(() => document.getElementById('chat-input').value === '');
  await bob.fill('#chat-input', 'hello Ann');
  await bob.press('#chat-input', 'Enter');
  await ann.waitForFunction(() => document.querySelectorAll('#chat-list .chat-text').length === 2);
  assert.deepEqual(await lines(ann), [said, 'hello Ann']);
  await shot(bob, 'chat-1280.png');

  // A spectator sees no chat until both players let spectators read it.
  await openGame(eve, c.id, null);
  assert.ok(!(await eve.isVisible('#chat')), 'a spectator sees the private chat');
  await ann.check('#chat-public');
  await bob.waitForFunction(() => /opponent allows/.test(document.getElementById('chat-public-note').textContent));
  assert.ok(!(await eve.isVisible('#chat')), 'one player is not enough');
  await bob.check('#chat-public');
  await eve.waitForSelector('#chat-list .chat-text');
  await eve.waitForFunction(() => document.querySelectorAll('#chat-list .chat-text').length === 2);
  assert.ok(!(await eve.isVisible('#chat-input')), 'a spectator cannot post');

  // "Hide chat" hides it with one click; the browser remembers after a reload; one click shows it.
  await bob.click('#chat-toggle');
  assert.ok(!(await bob.isVisible('#chat-list')), 'the chat is still shown');
  assert.ok(!(await bob.isVisible('#chat-input')));
  await bob.reload();
  await waitGame(bob, {});
  await bob.waitForSelector('#chat-toggle');
  assert.equal(await bob.textContent('#chat-toggle'), 'Show chat');
  assert.ok(!(await bob.isVisible('#chat-list')), 'the choice was not remembered');
  await bob.click('#chat-toggle');
  await bob.waitForFunction(() => document.querySelectorAll('#chat-list .chat-text').length === 2);
  for (const p of [ann, bob, eve]) await p.context().close();
});
