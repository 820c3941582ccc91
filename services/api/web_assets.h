#pragma once
// The web client's files (web/ in the repository), compiled into the binary at build time
// (services/api/web_assets.cmake): name, content type, ETag and bytes.

#include <span>
#include <string_view>

namespace api {

struct WebAsset {
  std::string_view name;          // "app.js": the file's name in web/, served at /assets/<name>
  std::string_view content_type;  // from the extension: "text/javascript; charset=utf-8"
  std::string_view etag;          // a strong entity tag: the quoted start of the bytes' SHA-256
  std::string_view body;
};

// The asset named `name`, or nullptr.
const WebAsset* find_web_asset(std::string_view name);
// Every asset, sorted by name.
std::span<const WebAsset> web_assets();

}  // namespace api
