#!/bin/sh
# Builds, with no registry, the base image the Containerfile runs on: Debian 12 (minbase, from the
# apt mirror this host uses) with this host's Node.js binary. Official images need a registry;
# this is for machines that have none. Usage: containers/build-local-base.sh [image name]
set -eu
IMAGE="${1:-localhost/haggle-node-base:bookworm}"
if podman image exists "$IMAGE"; then
  echo "base image $IMAGE exists"
  exit 0
fi
MIRROR="${DEBIAN_MIRROR:-$(grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | head -n 1 | awk '{print $2}')}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
NODE_BIN="${NODE_BIN:-$(command -v node)}"
NODE_VERSION="$("$NODE_BIN" --version)"
case "$NODE_VERSION" in
  v2[0-9].*) ;;
  *) echo "Node $NODE_VERSION at $NODE_BIN is too old: Haggle needs Node 20.19 or later" >&2; exit 1 ;;
esac
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "debootstrap bookworm (minbase) from $MIRROR"
debootstrap --variant=minbase --include=ca-certificates bookworm "$WORK/root" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -n 20 "$WORK/debootstrap.log" >&2; exit 1; }
# Node and npm (npm is needed by the build stage only; the final stage copies node alone).
NODE_PREFIX="$(dirname "$(dirname "$(readlink -f "$NODE_BIN")")")"
install -m 0755 "$(readlink -f "$NODE_BIN")" "$WORK/root/usr/local/bin/node"
# Without its debug symbols (a distribution's build may keep them): 12 MB less, the same Node.
if command -v strip >/dev/null 2>&1; then strip "$WORK/root/usr/local/bin/node"; fi
NPM_DIR=""
for candidate in "$NODE_PREFIX/lib/node_modules/npm" /usr/lib/node_modules/npm /usr/share/nodejs/npm; do
  if [ -f "$candidate/bin/npm-cli.js" ]; then NPM_DIR="$candidate"; break; fi
done
[ -n "$NPM_DIR" ] || { echo "npm not found beside $NODE_BIN" >&2; exit 1; }
mkdir -p "$WORK/root/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$WORK/root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$WORK/root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$WORK/root/usr/local/bin/npx"
# What an image needs no copy of: apt's lists and caches (debootstrap leaves its packages there), documentation, other languages.
rm -rf "$WORK/root/var/lib/apt/lists/"* "$WORK/root/var/cache/apt/"*.bin "$WORK/root/var/cache/apt/archives/"*.deb \
  "$WORK/root/usr/share/doc" "$WORK/root/usr/share/man" "$WORK/root/usr/share/info"
find "$WORK/root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name 'locale.alias' -exec rm -rf {} + 2>/dev/null || true
tar -C "$WORK/root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$IMAGE"
echo "built $IMAGE with Node $NODE_VERSION"
