// An MCP client of the official TypeScript SDK, of one version: it starts
// the server given, connects over standard input and output, lists the
// tools, makes the calls given, and prints what it saw as JSON.
//
// Usage: node client.mjs <node_modules dir> <sdk package> <server binary> <calls as JSON> [elicitation answer]
//
// With an elicitation answer (accept, decline or cancel), the client declares
// the elicitation capability and answers every elicitation/create so,
// recording the messages it was shown.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [modules, sdk, server, callsJSON, answer] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(modules, "node_modules", sdk, "dist", file)).href);
const esm = async (file) => {
  try {
    return await load(path.join("esm", file));
  } catch {
    return await load(file); // before 1.1, one build at dist/
  }
};
const { Client } = await esm("client/index.js");
const { StdioClientTransport } = await esm("client/stdio.js");

// Recording passes messages through and notes the protocol version each
// side named in the handshake.
class Recording {
  constructor(inner) {
    this.inner = inner;
    this.seen = {};
  }
  async start() {
    this.inner.onmessage = (m) => {
      if (m.result?.protocolVersion) this.seen.negotiated = m.result.protocolVersion;
      this.onmessage?.(m);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    return this.inner.start();
  }
  send(m, opts) {
    if (m.method === "initialize") this.seen.requested = m.params.protocolVersion;
    return this.inner.send(m, opts);
  }
  close() {
    return this.inner.close();
  }
  setProtocolVersion(v) {
    this.inner.setProtocolVersion?.(v);
  }
}

const transport = new Recording(new StdioClientTransport({ command: server, stderr: "ignore" }));
const elicited = [];
const client = new Client({ name: "toolgen-test", version: "0.0.1" }, { capabilities: answer ? { elicitation: {} } : {} });
if (answer) {
  const { ElicitRequestSchema } = await esm("types.js");
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicited.push(request.params.message);
    return { action: answer };
  });
}
await client.connect(transport);
const { tools } = await client.listTools();
const results = [];
for (const call of JSON.parse(callsJSON)) {
  try {
    results.push(await client.callTool(call));
  } catch (e) {
    results.push({ protocolError: e.code ?? String(e) });
  }
}
console.log(JSON.stringify({ ...transport.seen, tools, results, elicited }));
await client.close();
