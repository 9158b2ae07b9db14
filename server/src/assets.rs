//! The browser UI's files (web/dist, built by `npm run build` in web/; `./scripts/serve`
//! builds it): every path outside `/api/` is a file of the UI, or the UI's page itself, which
//! reads the address (`/play/{id}`, `/analysis`, ...) and shows the right view.

use crate::error::{ApiError, ErrorCode};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};

/// The folder the UI is served from: `WARLORD_WEB_DIR` if set, else `web/dist` in the working
/// directory, else the `web/dist` of the source tree the server was built from.
#[must_use]
pub fn web_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("WARLORD_WEB_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let local = PathBuf::from("web/dist");
    if local.join("index.html").is_file() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist")
}

/// Answers every request no API route took: a JSON `not-found` under `/api/`, else a file of
/// the UI (`GET` and `HEAD` only), else the UI's `index.html`.
pub async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") || !(method == Method::GET || method == Method::HEAD) {
        return ApiError::new(ErrorCode::NotFound, "no such route; see docs/API.md").into_response();
    }
    serve(&web_dir(), path).await
}

/// The response for `path` from the UI folder `root`.
async fn serve(root: &Path, path: &str) -> Response {
    let Some(relative) = safe_relative(path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    if !relative.as_os_str().is_empty() {
        if let Some(bytes) = read(root.join(&relative)).await {
            return file_response(&relative, bytes);
        }
        // A missing file with an extension is a real 404; other paths are the UI's pages.
        if relative.extension().is_some() {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
    }
    match read(root.join("index.html")).await {
        Some(bytes) => file_response(Path::new("index.html"), bytes),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            format!(
                "<!doctype html><title>Warlord</title><h1>The browser UI is not built</h1>\
                 <p>No <code>{}</code>. Start the server with <code>./scripts/serve</code>, \
                 which builds it, or run <code>npm ci &amp;&amp; npm run build</code> in \
                 <code>web/</code>. The API is served as usual: see docs/API.md.</p>",
                root.join("index.html").display()
            ),
        )
            .into_response(),
    }
}

/// A file's bytes, read off the async runtime; `None` if it cannot be read.
async fn read(path: PathBuf) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || std::fs::read(path).ok()).await.ok().flatten()
}

/// The request path as a relative file path, or `None` if it tries to leave the folder
/// (`..`, hidden names, backslashes).
fn safe_relative(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        if part.starts_with('.') || part.contains('\\') || part.contains('%') || part.contains(':') {
            return None;
        }
        out.push(part);
    }
    Some(out)
}

fn file_response(path: &Path, bytes: Vec<u8>) -> Response {
    let kind = match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" | "map" => "application/json",
        "woff2" => "font/woff2",
        "txt" | "rec" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    // Vite names bundled files by their content hash, so they never change.
    let cache = if path.starts_with("assets") { "public, max-age=31536000, immutable" } else { "no-cache" };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, cache)], bytes).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_leave_the_folder_are_refused() {
        assert_eq!(safe_relative("/"), Some(PathBuf::new()));
        assert_eq!(safe_relative("/assets/app-1f2e.js"), Some(PathBuf::from("assets/app-1f2e.js")));
        for bad in ["/../secret", "/assets/../../x", "/.env", "/a\\..\\b", "/%2e%2e/x", "/c:/x"] {
            assert_eq!(safe_relative(bad), None, "{bad}");
        }
    }

    #[tokio::test]
    async fn files_pages_and_a_missing_build() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("index.html"), "<!doctype html>ui").unwrap();
        std::fs::write(dir.path().join("assets/app.js"), "js").unwrap();
        let got = serve(dir.path(), "/assets/app.js").await;
        assert_eq!(got.status(), StatusCode::OK);
        assert_eq!(got.headers()[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
        assert!(got.headers()[header::CACHE_CONTROL].to_str().unwrap().contains("immutable"));
        for page in ["/", "/play/abc123", "/analysis"] {
            let got = serve(dir.path(), page).await;
            assert_eq!(got.status(), StatusCode::OK, "{page}");
            assert_eq!(got.headers()[header::CONTENT_TYPE], "text/html; charset=utf-8");
        }
        assert_eq!(serve(dir.path(), "/assets/gone.js").await.status(), StatusCode::NOT_FOUND);
        let empty = tempfile::tempdir().unwrap();
        assert_eq!(serve(empty.path(), "/").await.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
