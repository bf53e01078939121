// Compiles JSON Schemas with ajv (draft 2020-12) in strict mode, with the
// formats of ajv-formats, and prints one line per schema ajv refuses:
// "<name>: <error>". Usage: node check.cjs <dir of node_modules> < schemas,
// where schemas is a JSON array of {"name", "schema"}. Keywords named x-...
// are annotations a user adds (jsonschema_extras): they are declared to
// ajv, as its documentation says to do for such keywords.
const { createRequire } = require("node:module");
const path = require("node:path");
const modules = createRequire(path.join(process.argv[2], "package.json"));
const Ajv2020 = modules("ajv/dist/2020").default;
const addFormats = modules("ajv-formats").default;

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const extensions = new Set();
  const collect = (v) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k.startsWith("x-")) extensions.add(k);
        collect(x);
      }
  };
  const schemas = JSON.parse(input);
  schemas.forEach((s) => collect(s.schema));
  for (const k of extensions) ajv.addKeyword(k);
  let refused = 0;
  for (const { name, schema } of schemas) {
    try {
      ajv.compile(schema);
    } catch (e) {
      refused++;
      console.log(`${name}: ${e.message}`);
    }
  }
  console.error(`ajv ${modules("ajv/package.json").version}: ${schemas.length} schemas, ${refused} refused`);
});
