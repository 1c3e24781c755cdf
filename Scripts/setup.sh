#!/usr/bin/env bash
# Installs every system package AnyDocSwift needs and builds the release binary.
# Safe to run again: apt-get skips what is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  pkg-config
  libxml2-dev
  libzip-dev
  libpoppler-glib-dev
  libcairo2-dev
  libtesseract-dev
  libleptonica-dev
  libsqlite3-dev
  tesseract-ocr-eng
  tesseract-ocr-chi-sim
  tesseract-ocr-chi-tra
  tesseract-ocr-jpn
  tesseract-ocr-kor
  # Orientation and script detection: pages that read poorly in English
  # are read again with the model of their script.
  tesseract-ocr-osd
  # The MCP client test (Scripts/mcp-test.sh) runs the official Python SDK
  # in a virtualenv.
  python3-venv  # also Ray's, for Scripts/ray-ingest.py
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "Installing: ${missing[*]}" >&2
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Ray for Scripts/ray-ingest.py and its test (Scripts/ray-test.sh), in a
# virtualenv at .build/ray-venv.
Scripts/setup-ray-venv.sh

swift build -c release --product anydoc >&2
