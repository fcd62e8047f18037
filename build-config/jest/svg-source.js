// Jest transform for .svg imports: the module is the file's markup, as Rspack's `asset/source`
// gives it in the browser and Node builds (decision 0050).
module.exports = {
  process: (source) => ({ code: `module.exports = ${JSON.stringify(source)};` }),
};
