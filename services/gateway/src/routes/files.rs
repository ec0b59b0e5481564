//! Files: presigned uploads (`image/*`), driver documents, and `/v1/files/{key}`, which
//! serves the local store's signed URLs. Types are checked against the bytes, sizes against
//! the limits, and private files are readable only through short signed links.

use crate::auth::{AuthUser, UploadUser};
use crate::dto::{self, UploadUrl};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use futures::TryStreamExt;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as pb;
use upcar_storage::{ObjectStore, SignedOp, UrlClaims, content_matches, extension_for, sniff};

type State = web::Data<AppState>;

/// Largest photo or document a presigned URL accepts (the listing photo limit, 001 s. 9).
pub const MAX_UPLOAD_BYTES: u64 = 20 * 1024 * 1024;
/// Largest driver document; the client compresses to 2 MB, this leaves room for originals.
pub const MAX_DOCUMENT_BYTES: usize = 8 * 1024 * 1024;
/// Largest PDF.
pub const MAX_PDF_BYTES: usize = 10 * 1024 * 1024;
/// Files per presign or multipart request.
pub const MAX_FILES: usize = 30;
/// Lifetime of upload and private download links.
pub const LINK_TTL: Duration = Duration::from_secs(15 * 60);

const UPLOAD_TYPES: &[&str] = &[
    "image/jpeg",
    "image/jpg",
    "image/png",
    "image/webp",
    "image/heic",
    "image/heif",
    "application/pdf",
];

/// One part of a multipart form.
pub struct Part {
    pub name: String,
    pub content_type: String,
    pub filename: Option<String>,
    pub bytes: Vec<u8>,
}

/// Reads a multipart form into memory within limits: 413 beyond `max_file` per part.
pub async fn read_parts(mut form: Multipart, max_file: usize) -> HttpResult<Vec<Part>> {
    let mut parts = Vec::new();
    while let Some(mut field) = form
        .try_next()
        .await
        .map_err(|e| HttpError::invalid("invalid_multipart", format!("Invalid form data: {e}")))?
    {
        if parts.len() >= MAX_FILES + 4 {
            return Err(HttpError::invalid("too_many_parts", "Too many files in one request."));
        }
        let name = field.name().unwrap_or_default().to_owned();
        let filename =
            field.content_disposition().and_then(|d| d.get_filename()).map(str::to_owned);
        let content_type =
            field.content_type().map(|m| m.essence_str().to_owned()).unwrap_or_default();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(|e| {
            HttpError::invalid("invalid_multipart", format!("Invalid form data: {e}"))
        })? {
            if bytes.len() + chunk.len() > max_file {
                return Err(HttpError::too_large(format!(
                    "Each file must be at most {} MB.",
                    max_file / (1024 * 1024)
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        parts.push(Part { name, content_type, filename, bytes });
    }
    Ok(parts)
}

fn text_field(parts: &[Part], names: &[&str]) -> Option<String> {
    parts
        .iter()
        .find(|p| p.filename.is_none() && names.contains(&p.name.as_str()))
        .map(|p| String::from_utf8_lossy(&p.bytes).trim().to_owned())
}

fn files<'a>(parts: &'a [Part], names: &[&str]) -> Vec<&'a Part> {
    // Empty files are skipped, as the client does (002 section 5).
    parts
        .iter()
        .filter(|p| p.filename.is_some() && names.contains(&p.name.as_str()) && !p.bytes.is_empty())
        .collect()
}

/// The real type of an uploaded file, refusing anything outside `allowed`.
fn real_type(part: &Part, allowed: &[&str]) -> HttpResult<&'static str> {
    let real = sniff(&part.bytes)
        .ok_or_else(|| HttpError::invalid("unsupported_file_type", "Unsupported file type."))?;
    if !allowed.contains(&real) {
        return Err(HttpError::invalid(
            "unsupported_file_type",
            format!("Files of type {real} are not accepted here."),
        ));
    }
    Ok(real)
}

fn private_key(user: &Identity, kind: &str, content_type: &str) -> String {
    let ext = extension_for(content_type).unwrap_or("bin");
    format!("private/users/{}/{kind}-{}.{ext}", user.user_id, uuid::Uuid::now_v7())
}

#[derive(Deserialize)]
pub struct PresignFile {
    #[serde(rename = "fileName", default)]
    file_name: String,
    #[serde(rename = "fileType", default)]
    file_type: String,
}

#[derive(Deserialize)]
pub struct PresignBody {
    #[serde(default)]
    files: Vec<PresignFile>,
}

/// `POST /image/generatePresignedUrlsForUpload`: `files[fileName, fileType]` to
/// `urls[presignedUrl, s3Url]`.
pub async fn generate_presigned_urls(
    state: State,
    user: AuthUser,
    body: web::Json<PresignBody>,
) -> HttpResult {
    presign(&state, &user.0, &body.files, "uploads")
}

/// The captain variant for delivery photos.
pub async fn captain_presigned_urls(
    state: State,
    captain: crate::auth::AuthCaptain,
    body: web::Json<PresignBody>,
) -> HttpResult {
    presign(&state, &captain.0, &body.files, "captain-uploads")
}

fn presign(state: &AppState, who: &Identity, list: &[PresignFile], folder: &str) -> HttpResult {
    if list.is_empty() {
        return Err(HttpError::invalid("no_files", "Please select or capture at least 1 image."));
    }
    if list.len() > MAX_FILES {
        return Err(HttpError::invalid(
            "too_many_files",
            format!("At most {MAX_FILES} files per request."),
        ));
    }
    let mut urls = Vec::with_capacity(list.len());
    for f in list {
        let ct = f.file_type.trim().to_lowercase();
        if !UPLOAD_TYPES.contains(&ct.as_str()) {
            return Err(HttpError::invalid(
                "unsupported_file_type",
                format!(
                    "{} has an unsupported type; use JPEG, PNG, WebP, HEIC or PDF.",
                    f.file_name
                ),
            ));
        }
        let ext = extension_for(&ct).unwrap_or("bin");
        let key = format!("public/{folder}/{}/{}.{ext}", who.user_id, uuid::Uuid::now_v7());
        let presigned_url = state
            .files
            .presign_put(&key, &ct, MAX_UPLOAD_BYTES, LINK_TTL)
            .map_err(HttpError::internal)?;
        urls.push(UploadUrl { presigned_url, s3_url: state.files.public_url(&key), key });
    }
    Ok(HttpResponse::Ok().json(json!({"status": true, "urls": urls})))
}

fn claims(req: &HttpRequest) -> Option<UrlClaims> {
    web::Query::<UrlClaims>::from_query(req.query_string()).ok().map(|q| q.into_inner())
}

/// `PUT /v1/files/{key}` with a signed upload URL.
pub async fn put_file(
    state: State,
    req: HttpRequest,
    key: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let key = key.into_inner();
    let claims = claims(&req).ok_or_else(|| {
        HttpError::forbidden("invalid_signature", "The link is invalid or has expired")
    })?;
    state.files.verify(SignedOp::Put, &key, &claims).map_err(|_| {
        HttpError::forbidden("invalid_signature", "The link is invalid or has expired")
    })?;
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_lowercase())
        .unwrap_or_default();
    if declared != claims.ct && !(declared == "image/jpeg" && claims.ct == "image/jpg") {
        return Err(HttpError::invalid(
            "content_type_mismatch",
            format!("Upload this file as {}.", claims.ct),
        ));
    }
    if body.len() as u64 > claims.max {
        return Err(HttpError::too_large("The file is larger than allowed."));
    }
    if body.is_empty() {
        return Err(HttpError::invalid("empty_file", "The file is empty."));
    }
    if !content_matches(&claims.ct, &body) {
        return Err(HttpError::invalid(
            "file_type_mismatch",
            "The file's content does not match its type.",
        ));
    }
    state.files.put(&key, body.to_vec(), &claims.ct).await.map_err(HttpError::internal)?;
    Ok(HttpResponse::Ok().json(json!({"status": true, "url": state.files.public_url(&key)})))
}

/// `GET /v1/files/{key}`: public files as they are, private ones only with a signed link.
pub async fn get_file(state: State, req: HttpRequest, key: web::Path<String>) -> HttpResult {
    let key = key.into_inner();
    if !key.starts_with("public/") {
        let claims = claims(&req).ok_or_else(|| {
            HttpError::forbidden("invalid_signature", "The link is invalid or has expired")
        })?;
        state.files.verify(SignedOp::Get, &key, &claims).map_err(|_| {
            HttpError::forbidden("invalid_signature", "The link is invalid or has expired")
        })?;
    }
    match state.files.get(&key).await {
        Ok(obj) => Ok(HttpResponse::Ok()
            .content_type(obj.content_type)
            .insert_header(("X-Content-Type-Options", "nosniff"))
            // Files are data, never active content: no scripts even in an SVG opened directly.
            .insert_header((
                "Content-Security-Policy",
                "default-src 'none'; style-src 'unsafe-inline'; sandbox",
            ))
            .insert_header((
                "Cache-Control",
                if key.starts_with("public/") {
                    "public, max-age=86400"
                } else {
                    "private, no-store"
                },
            ))
            .body(obj.bytes)),
        Err(upcar_storage::StorageError::NotFound)
        | Err(upcar_storage::StorageError::InvalidKey) => {
            Err(HttpError::not_found("file_not_found", "File not found"))
        }
        Err(e) => Err(HttpError::internal(e)),
    }
}

/// `POST /image/uploadPdf` (form: file).
pub async fn upload_pdf(state: State, user: AuthUser, form: Multipart) -> HttpResult {
    let parts = read_parts(form, MAX_PDF_BYTES).await?;
    let pdf = files(&parts, &["file", "pdf"])
        .into_iter()
        .next()
        .ok_or_else(|| HttpError::invalid("no_files", "Please attach a PDF file."))?;
    real_type(pdf, &["application/pdf"])?;
    let key = private_key(&user.0, "document", "application/pdf");
    state
        .files
        .put(&key, pdf.bytes.clone(), "application/pdf")
        .await
        .map_err(HttpError::internal)?;
    let url = state.files.presign_get(&key, LINK_TTL).map_err(HttpError::internal)?;
    Ok(HttpResponse::Ok().json(json!({"status": true, "key": key, "url": url})))
}

/// `POST /image/uploadSecretImages` (form: images): private photos, answered with keys and
/// short-lived links.
pub async fn upload_secret_images(state: State, user: AuthUser, form: Multipart) -> HttpResult {
    let parts = read_parts(form, MAX_UPLOAD_BYTES as usize).await?;
    let images = files(&parts, &["images", "image", "files", "file"]);
    if images.is_empty() {
        return Err(HttpError::invalid("no_files", "No images were uploaded."));
    }
    let mut keys = Vec::new();
    let mut urls = Vec::new();
    for img in images {
        let ct =
            real_type(img, &["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"])?;
        let key = private_key(&user.0, "image", ct);
        state.files.put(&key, img.bytes.clone(), ct).await.map_err(HttpError::internal)?;
        urls.push(state.files.presign_get(&key, LINK_TTL).map_err(HttpError::internal)?);
        keys.push(key);
    }
    Ok(HttpResponse::Ok().json(json!({"status": true, "keys": keys, "urls": urls})))
}

#[derive(Deserialize)]
pub struct KeyBody {
    #[serde(default)]
    key: String,
}

/// `POST /image/generateSecretImagePresignedUrlNew` (key): a 15-minute link to one's own
/// private file (admins may read any).
pub async fn secret_image_url(
    state: State,
    user: AuthUser,
    body: web::Json<KeyBody>,
) -> HttpResult {
    let key = body.key.trim();
    upcar_storage::validate_key(key)
        .map_err(|_| HttpError::invalid("invalid_key", "Invalid file key."))?;
    let own = format!("private/users/{}/", user.0.user_id);
    if !key.starts_with(&own) && user.0.role != Role::Admin {
        return Err(HttpError::forbidden("forbidden", "You can only open your own files."));
    }
    let url = state.files.presign_get(key, LINK_TTL).map_err(HttpError::internal)?;
    Ok(HttpResponse::Ok().json(json!({"status": true, "url": url})))
}

const DOC_IMAGE_TYPES: &[&str] =
    &["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];

fn label(kind: &str) -> &'static str {
    match kind {
        "dl" => "DL",
        "dlBackSide" => "DL BACK SIDE",
        "selfie" => "SELFIE",
        _ => "INSURANCE",
    }
}

async fn store_document(
    state: &AppState,
    user: &Identity,
    kind: &str,
    part: &Part,
) -> HttpResult<pb::DriverDocumentsReply> {
    let allowed: &[&str] = if kind == "selfie" {
        &["image/jpeg", "image/png", "application/pdf"]
    } else {
        DOC_IMAGE_TYPES
    };
    let ct = real_type(part, allowed)?;
    let key = private_key(user, kind, ct);
    state.files.put(&key, part.bytes.clone(), ct).await.map_err(HttpError::internal)?;
    let msg = pb::RecordDriverDocumentRequest { document_type: kind.to_owned(), storage_key: key };
    Ok(state.accounts.clone().record_driver_document(request(msg, Some(user))).await?.into_inner())
}

fn doc_kind(raw: &str) -> HttpResult<&'static str> {
    match raw.trim() {
        "dl" | "dlFront" => Ok("dl"),
        "dlBackSide" | "dlBack" => Ok("dlBackSide"),
        "selfie" => Ok("selfie"),
        "insurance" => Ok("insurance"),
        _ => Err(HttpError::invalid(
            "document_type_invalid",
            "Invalid document type. Use dl, dlBackSide, selfie or insurance.",
        )),
    }
}

/// `POST /users/uploadDriverDocument` (form: file, type dl | dlBackSide | selfie): one
/// document; works with the phone flow's temporary token.
pub async fn upload_driver_document(state: State, user: UploadUser, form: Multipart) -> HttpResult {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let kind = doc_kind(&text_field(&parts, &["type", "fileType"]).unwrap_or_default())?;
    let file = files(&parts, &["file", "image", "images"])
        .into_iter()
        .next()
        .ok_or_else(|| HttpError::invalid("no_files", "No images were uploaded."))?;
    let docs = store_document(&state, &user.0, kind, file).await?;
    let mut v = dto::documents(&docs);
    v["message"] = json!(format!("{} uploaded successfully!", label(kind)));
    v["keys"] = dto::documents(&docs);
    Ok(HttpResponse::Ok().json(v))
}

/// `POST /users/addDlImages` (form: images, fileType): with fileType `dl` and two images, the
/// first is the front and the second the back.
pub async fn add_dl_images(state: State, user: UploadUser, form: Multipart) -> HttpResult {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let kind =
        doc_kind(&text_field(&parts, &["fileType", "type"]).unwrap_or_else(|| "dl".to_owned()))?;
    let images = files(&parts, &["images", "image", "file"]);
    if images.is_empty() {
        return Err(HttpError::invalid("no_files", "No images were uploaded."));
    }
    let kinds: Vec<&str> = match (kind, images.len()) {
        ("dl", 2) => vec!["dl", "dlBackSide"],
        (k, 1) => vec![k],
        _ => {
            return Err(HttpError::invalid(
                "too_many_files",
                "Send one image per document (two for dl: front then back).",
            ));
        }
    };
    let mut last = None;
    for (k, img) in kinds.iter().zip(images) {
        last = Some(store_document(&state, &user.0, k, img).await?);
    }
    let docs = last.ok_or_else(|| HttpError::internal("no document stored"))?;
    let mut v = dto::documents(&docs);
    v["message"] = json!(format!("{} uploaded successfully!", label(kind)));
    Ok(HttpResponse::Ok().json(v))
}

/// `POST /users/uploadInsurance` (form: image, fileType).
pub async fn upload_insurance(state: State, user: AuthUser, form: Multipart) -> HttpResult {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let img = files(&parts, &["image", "images", "file"])
        .into_iter()
        .next()
        .ok_or_else(|| HttpError::invalid("no_files", "No images were uploaded."))?;
    let docs = store_document(&state, &user.0, "insurance", img).await?;
    let mut v = dto::documents(&docs);
    v["message"] = json!("INSURANCE uploaded successfully!");
    Ok(HttpResponse::Ok().json(v))
}

/// `GET /users/driverDocuments`: the status of the three documents.
pub async fn driver_documents_route(state: State, user: UploadUser) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .get_driver_documents(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::documents(&r)))
}
