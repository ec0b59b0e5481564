//! The built web app's hashed assets, sent as the build pre-compressed them (brotli or gzip,
//! whichever the browser accepts) instead of being compressed on every request. The caching
//! headers are set by `middleware::web_app_caching`.

use crate::error::route_not_found;
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use std::path::PathBuf;

/// Where the built app lives.
pub struct WebAppDir(pub PathBuf);

fn accepts(req: &HttpRequest, encoding: &str) -> bool {
    req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.split(',').any(|part| {
            let mut it = part.split(';');
            let name = it.next().unwrap_or_default().trim();
            let refused = it.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            name.eq_ignore_ascii_case(encoding) && !refused
        })
    })
}

/// `GET /assets/{file}`: the file, pre-compressed when the browser takes it; 404 otherwise.
pub async fn asset(
    req: HttpRequest,
    dir: web::Data<WebAppDir>,
    file: web::Path<String>,
) -> actix_web::Result<HttpResponse> {
    let name = file.into_inner();
    let safe = !name.is_empty()
        && name.split('/').all(|s| !s.is_empty() && !s.starts_with('.'))
        && !name.contains('\\');
    let path = dir.0.join("assets").join(&name);
    if !safe || !path.is_file() {
        return Ok(route_not_found());
    }
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default().to_owned();
    let mime = actix_files::file_extension_to_mime(&ext);
    for (encoding, suffix, content_encoding) in
        [("br", "br", ContentEncoding::Brotli), ("gzip", "gz", ContentEncoding::Gzip)]
    {
        let variant = PathBuf::from(format!("{}.{suffix}", path.display()));
        if accepts(&req, encoding) && variant.is_file() {
            let mut res = actix_files::NamedFile::open(variant)?
                .set_content_type(mime.clone())
                .set_content_encoding(content_encoding)
                .into_response(&req);
            res.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return Ok(res);
        }
    }
    let mut res = actix_files::NamedFile::open(path)?.set_content_type(mime).into_response(&req);
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(res)
}
