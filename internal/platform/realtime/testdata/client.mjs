// Drives the official @microsoft/signalr client against a Kerf hub for node_test.go:
//   node client.mjs <server base URL> <token>
// It prints "step <name>" lines as it goes (the Go test acts on "step disconnect-me") and a
// last line "result <json>" with what it observed. NODE_PATH must reach web/node_modules.
import { createRequire } from "node:module";
import readline from "node:readline";

const require = createRequire(import.meta.url);
const signalR = require("@microsoft/signalr");

const [base, token] = process.argv.slice(2);
const hubUrl = `${base}/signalr-hubs/echo`;
const results = {};
const step = (name) => console.log(`step ${name}`);
const within = (ms, p, what) =>
  Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error(`timeout: ${what}`)), ms))]);
const stdin = readline.createInterface({ input: process.stdin });
const lines = [];
let waiting = null;
stdin.on("line", (l) => (waiting ? (waiting(l), (waiting = null)) : lines.push(l)));
const nextLine = () => (lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => (waiting = r)));

const build = (tok) =>
  new signalR.HubConnectionBuilder()
    .withUrl(hubUrl, { accessTokenFactory: () => tok, transport: signalR.HttpTransportType.WebSockets })
    .withAutomaticReconnect([0, 200, 500, 1000, 2000])
    .configureLogging(signalR.LogLevel.None)
    .build();

async function main() {
  const conn = build(token);
  let pushed;
  const pushedOnce = new Promise((r) => (pushed = r));
  conn.on("pushed", (...args) => pushed(args));
  let reconnecting = 0;
  conn.onreconnecting(() => reconnecting++);
  let reconnected;
  const reconnectedOnce = new Promise((r) => (reconnected = r));
  conn.onreconnected((id) => reconnected(id));
  let closed;
  const closedOnce = new Promise((r) => (closed = r));
  conn.onclose((err) => closed(err ? String(err.message || err) : ""));

  await within(10000, conn.start(), "start");
  results.connected = conn.state;
  results.connectionId = conn.connectionId;
  step("connected");

  results.echo = await within(5000, conn.invoke("Echo", "hello"), "echo");
  step("echo");

  await within(5000, conn.invoke("PushMe"), "push");
  results.pushed = await within(5000, pushedOnce, "pushed");
  step("pushed");

  try {
    await within(5000, conn.invoke("Fail"), "fail");
    results.failError = null;
  } catch (e) {
    results.failError = String(e.message);
  }
  try {
    await within(5000, conn.invoke("Missing"), "missing");
    results.missingError = null;
  } catch (e) {
    results.missingError = String(e.message);
  }
  step("errors");

  // The server drops the connection (no close message): the client reconnects by itself.
  await within(5000, conn.invoke("Drop"), "drop");
  results.reconnectedId = await within(10000, reconnectedOnce, "reconnected");
  results.reconnecting = reconnecting;
  results.echoAfterReconnect = await within(5000, conn.invoke("Echo", "again"), "echo after reconnect");
  step("reconnected");

  // The Go test forces this user offline: a close message without reconnection.
  step("disconnect-me");
  await nextLine();
  results.closedError = await within(10000, closedOnce, "closed by the server");
  await new Promise((r) => setTimeout(r, 800)); // a reconnection would have begun by now
  results.stateAfterClose = conn.state;
  results.reconnectingAfterClose = reconnecting - results.reconnecting;
  step("closed");

  // A bad token is refused at negotiation.
  const bad = build("not-a-token");
  try {
    await within(10000, bad.start(), "bad start");
    results.badToken = "connected";
    await bad.stop();
  } catch (e) {
    results.badToken = String(e.message);
  }
  step("bad-token");
}

main()
  .then(() => {
    console.log(`result ${JSON.stringify(results)}`);
    process.exit(0);
  })
  .catch((e) => {
    results.fatal = String(e && e.stack ? e.stack : e);
    console.log(`result ${JSON.stringify(results)}`);
    process.exit(1);
  });
