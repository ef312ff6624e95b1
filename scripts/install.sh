#!/bin/sh
# Installs housie from this repository's GitHub Releases: the archive for this computer (Linux
# or macOS, x86-64 or ARM), checked against its SHA-256 before anything is unpacked, into
# ~/.local/bin (or $HOUSIE_INSTALL_DIR). The release workflow writes the repository's address
# and the version in place of the two markers below and attaches this file to the release as
# housie-installer.sh:
#
#   curl --proto '=https' --tlsv1.2 -LsSf https://github.com/OWNER/housie/releases/latest/download/housie-installer.sh | sh
#
# $HOUSIE_DOWNLOAD_URL, when set, is where the archives are fetched from instead (a mirror; the
# tests serve a folder on loopback).
set -eu

repository="@REPOSITORY@"
version="@VERSION@"
base="${HOUSIE_DOWNLOAD_URL:-https://github.com/$repository/releases/download/v$version}"
into="${HOUSIE_INSTALL_DIR:-$HOME/.local/bin}"

say() { printf 'housie-installer: %s\n' "$1" >&2; }
fail() { say "$1"; exit 1; }

case "$(uname -s)" in
  Linux) os=unknown-linux-gnu ;;
  Darwin) os=apple-darwin ;;
  *) fail "there is no housie download for $(uname -s): on Windows, use housie-installer.ps1" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) fail "there is no housie download for a $(uname -m) processor" ;;
esac
target="$arch-$os"
archive="housie-$version-$target.tar.gz"

if command -v curl >/dev/null 2>&1; then
  fetch() { curl --proto '=https,http,file' -fsSL "$1" -o "$2"; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q "$1" -O "$2"; }
else
  fail "neither curl nor wget is installed: install one, or download $archive from the Releases page"
fi
if command -v sha256sum >/dev/null 2>&1; then
  sha() { sha256sum "$1" | cut -d' ' -f1; }
else
  sha() { shasum -a 256 "$1" | cut -d' ' -f1; }
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
say "downloading $archive"
fetch "$base/$archive" "$work/$archive" || fail "could not download $base/$archive"
fetch "$base/$archive.sha256" "$work/$archive.sha256" || fail "could not download its checksum"
want="$(cut -d' ' -f1 < "$work/$archive.sha256")"
got="$(sha "$work/$archive")"
[ "$want" = "$got" ] || fail "$archive is not the file released (SHA-256 $got, the release says $want): nothing was installed"
tar -xzf "$work/$archive" -C "$work"
mkdir -p "$into"
# The new binary in place in one rename: a housie running now keeps its old file.
cp "$work/housie-$version-$target/housie" "$into/.housie.new"
chmod 755 "$into/.housie.new"
mv -f "$into/.housie.new" "$into/housie"
say "installed housie $version into $into"
case ":$PATH:" in
  *":$into:"*) ;;
  *) say "$into is not on your PATH: add it (for example in ~/.profile: export PATH=\"$into:\$PATH\")" ;;
esac
