// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every file given
// (directories: every file in them), for the server to send as the client accepts. Node's own
// zlib, so no other tool is needed. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const files = process.argv.slice(2).flatMap((path) =>
  statSync(path).isDirectory() ? readdirSync(path).map((name) => join(path, name)) : [path],
);
for (const file of files) {
  if (file.endsWith(".br") || file.endsWith(".gz")) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
}
