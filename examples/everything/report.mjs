// report.mjs prints the conformance suite's results as a table, one row a
// scenario and one column a run, and the reason of each failure; it exits
// 1 when a scenario that the expected file lists did not pass.
//
//	node report.mjs results-dir extensions-file expected-file [table.md]
//
// results-dir holds a directory per run (its label), each the suite's -o
// output: a directory per scenario, server-<scenario>-<time>, with its
// checks.json. A scenario passes when none of its checks is a FAILURE
// (warnings pass, as the suite counts them).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [resultsDir, extensionsFile, expectedFile, tableFile] = process.argv.slice(2);
const runs = ["0.1.16", "2025-11-25", "2026-07-28"];
const titles = {
  "0.1.16": "0.1.16, stateful",
  "2025-11-25": "0.2.0-alpha.12 2025-11-25, stateful",
  "2026-07-28": "0.2.0-alpha.12 2026-07-28, stateless",
};
const extensions = new Set(readFileSync(extensionsFile, "utf8").split("\n").filter(Boolean));

// results[run][scenario] = {ok, warn, reason}
const results = {};
const scenarios = [];
for (const run of runs) {
  results[run] = {};
  let dirs = [];
  try {
    dirs = readdirSync(join(resultsDir, run));
  } catch {}
  for (const dir of dirs.sort()) {
    const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
    if (!m || extensions.has(m[1])) continue;
    const checks = JSON.parse(readFileSync(join(resultsDir, run, dir, "checks.json"), "utf8"));
    const failed = checks.filter((c) => c.status === "FAILURE");
    results[run][m[1]] = {
      ok: failed.length === 0,
      warn: checks.some((c) => c.status === "WARNING"),
      reason: failed.map((c) => `${c.id}: ${c.errorMessage ?? c.description}`).join("; "),
    };
    if (!scenarios.includes(m[1])) scenarios.push(m[1]);
  }
}

scenarios.sort();
const cell = (r) => (!r ? "—" : r.ok ? (r.warn ? "pass (warnings)" : "pass") : "FAIL");
const lines = [];
const passed = (run) => Object.values(results[run]).filter((r) => r.ok).length;
lines.push("| scenario | " + runs.map((r) => titles[r]).join(" | ") + " |");
lines.push("|---" + "|---".repeat(runs.length) + "|");
for (const s of scenarios) {
  lines.push(`| ${s} | ` + runs.map((r) => cell(results[r][s])).join(" | ") + " |");
}
lines.push("| **passed** | " + runs.map((r) => `${passed(r)} of ${Object.keys(results[r]).length}`).join(" | ") + " |");
const table = lines.join("\n") + "\n";
process.stdout.write(table + "\n");
if (tableFile) writeFileSync(tableFile, table);

console.log("Failures:");
for (const run of runs) {
  for (const [s, r] of Object.entries(results[run])) {
    if (!r.ok) console.log(`- ${run} ${s}: ${r.reason}`);
  }
}

// The expected file: "<run> <scenario>" a line; # starts a comment.
const expected = readFileSync(expectedFile, "utf8")
  .split("\n")
  .map((l) => l.replace(/#.*/, "").trim())
  .filter(Boolean)
  .map((l) => l.split(/\s+/));
let regressions = 0;
const listed = new Set();
for (const [run, s] of expected) {
  listed.add(`${run} ${s}`);
  const r = results[run]?.[s];
  if (!r || !r.ok) {
    regressions++;
    console.log(`REGRESSION: ${run} ${s} is expected to pass: ${r ? r.reason : "it did not run"}`);
  }
}
for (const run of runs) {
  for (const [s, r] of Object.entries(results[run])) {
    if (r.ok && !listed.has(`${run} ${s}`)) {
      console.log(`now passes, not yet in ${expectedFile}: ${run} ${s}`);
    }
  }
}
if (regressions > 0) {
  console.log(`${regressions} scenario(s) expected to pass did not`);
  process.exit(1);
}
