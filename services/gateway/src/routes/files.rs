//! Files: presigned uploads (`image/*`), driver documents, and `/v1/files/{key}`, which
//! serves the local store's signed URLs. Types are checked against the bytes, sizes against
//! the limits, and private files are readable only through short signed links. An upload link
//! works once: a second PUT to it is 409, so a photo kept as evidence stays the one whose hash
//! was recorded.

use crate::answers::{Documents, UploadUrl};
use crate::auth::{AuthCaptain, AuthUser, UploadUser};
use crate::error::{GatewayError, HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Text};
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as pb;
use upcar_storage::{
    ObjectStore, SignedOp, StorageError, UrlClaims, content_matches, extension_for, sniff,
};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(generate_presigned_urls)
        .service(captain_presigned_urls)
        .service(put_file)
        .service(get_file)
        .service(upload_pdf)
        .service(upload_secret_images)
        .service(secret_image_url)
        .service(upload_driver_document)
        .service(add_dl_images)
        .service(upload_insurance)
        .service(driver_documents);
}

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

fn stored(e: StorageError) -> HttpError {
    match e {
        StorageError::Exists => GatewayError::UploadExists.into(),
        StorageError::NotFound | StorageError::InvalidKey => GatewayError::FileNotFound.into(),
        StorageError::BadSignature => GatewayError::InvalidSignature.into(),
        StorageError::Io(cause) => HttpError::internal(cause),
    }
}

/// One part of a multipart form.
pub struct Part {
    pub name: String,
    pub content_type: String,
    pub filename: Option<String>,
    pub bytes: Vec<u8>,
}

/// Reads a multipart form into memory within limits: 413 beyond `max_file` per part.
pub async fn read_parts(mut form: Multipart, max_file: usize) -> HttpResult<Vec<Part>> {
    let bad = |e: actix_multipart::MultipartError| GatewayError::InvalidMultipart(e.to_string());
    let mut parts = Vec::new();
    while let Some(mut field) = form.try_next().await.map_err(bad)? {
        if parts.len() >= MAX_FILES + 4 {
            return Err(GatewayError::TooManyParts.into());
        }
        let name = field.name().unwrap_or_default().to_owned();
        let filename =
            field.content_disposition().and_then(|d| d.get_filename()).map(str::to_owned);
        let content_type =
            field.content_type().map(|m| m.essence_str().to_owned()).unwrap_or_default();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad)? {
            if bytes.len() + chunk.len() > max_file {
                return Err(GatewayError::FileTooLarge(format!(
                    "Each file must be at most {} MB.",
                    max_file / (1024 * 1024)
                ))
                .into());
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
        .ok_or_else(|| GatewayError::UnsupportedFileType("Unsupported file type.".to_owned()))?;
    if !allowed.contains(&real) {
        return Err(GatewayError::UnsupportedFileType(format!(
            "Files of type {real} are not accepted here."
        ))
        .into());
    }
    Ok(real)
}

fn private_key(user: &Identity, kind: &str, content_type: &str) -> String {
    let ext = extension_for(content_type).unwrap_or("bin");
    format!("private/users/{}/{kind}-{}.{ext}", user.user_id, uuid::Uuid::now_v7())
}

/// A file to upload.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct PresignFile {
    #[serde(rename = "fileName")]
    file_name: Text,
    /// JPEG, PNG, WebP, HEIC/HEIF or PDF.
    #[serde(rename = "fileType")]
    file_type: Text,
}

/// The files to upload.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct PresignBody {
    files: Vec<PresignFile>,
}

/// Upload links, one per file, in order.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadUrls {
    status: bool,
    urls: Vec<UploadUrl>,
}

/// Presigned upload URLs for files[fileName, fileType]; PUT each file to its `presignedUrl`
/// once (a second PUT is 409), then use its `s3Url`.
#[utoipa::path(tag = "files", request_body = PresignBody, responses((status = 200, body = UploadUrls)), security(("bearer" = [])))]
#[post("/image/generatePresignedUrlsForUpload")]
pub async fn generate_presigned_urls(
    state: State,
    user: AuthUser,
    body: Json<PresignBody>,
) -> HttpResult<Json<UploadUrls>> {
    presign(&state, &user.0, &body.files, "uploads")
}

/// Presigned upload URLs for captain photos.
#[utoipa::path(tag = "captains", request_body = PresignBody, responses((status = 200, body = UploadUrls)), security(("bearer" = [])))]
#[post("/captains/image/generatePresignedUrlsForUpload")]
pub async fn captain_presigned_urls(
    state: State,
    captain: AuthCaptain,
    body: Json<PresignBody>,
) -> HttpResult<Json<UploadUrls>> {
    presign(&state, &captain.0, &body.files, "captain-uploads")
}

fn presign(
    state: &AppState,
    who: &Identity,
    list: &[PresignFile],
    folder: &str,
) -> HttpResult<Json<UploadUrls>> {
    if list.is_empty() {
        return Err(GatewayError::NoFiles("Please select or capture at least 1 image.").into());
    }
    if list.len() > MAX_FILES {
        return Err(
            GatewayError::TooManyFiles(format!("At most {MAX_FILES} files per request.")).into()
        );
    }
    let mut urls = Vec::with_capacity(list.len());
    for f in list {
        let ct = f.file_type.as_str().to_lowercase();
        if !UPLOAD_TYPES.contains(&ct.as_str()) {
            return Err(GatewayError::UnsupportedFileType(format!(
                "{} has an unsupported type; use JPEG, PNG, WebP, HEIC or PDF.",
                f.file_name.as_str()
            ))
            .into());
        }
        let ext = extension_for(&ct).unwrap_or("bin");
        let key = format!("public/{folder}/{}/{}.{ext}", who.user_id, uuid::Uuid::now_v7());
        let presigned_url =
            state.files.presign_put(&key, &ct, MAX_UPLOAD_BYTES, LINK_TTL).map_err(stored)?;
        urls.push(UploadUrl { presigned_url, s3_url: state.files.public_url(&key), key });
    }
    Ok(Json(UploadUrls { status: true, urls }))
}

fn claims(req: &HttpRequest) -> Option<UrlClaims> {
    web::Query::<UrlClaims>::from_query(req.query_string()).ok().map(|q| q.into_inner())
}

/// A stored file's lasting URL.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileUrl {
    status: bool,
    url: String,
}

/// Upload to a presigned URL (create-only: 409 `upload_exists` when the link was used).
#[utoipa::path(
    tag = "files",
    params(("key" = String, Path, description = "The file's key, as in the presigned URL")),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file, sent with the Content-Type the URL was made for"),
    responses((status = 200, body = FileUrl))
)]
#[put("/files/{key:.+}")]
pub async fn put_file(
    state: State,
    req: HttpRequest,
    key: web::Path<String>,
    mut payload: web::Payload,
) -> HttpResult<Json<FileUrl>> {
    let key = key.into_inner();
    let claims = claims(&req).ok_or(GatewayError::InvalidSignature)?;
    state.files.verify(SignedOp::Put, &key, &claims).map_err(|_| GatewayError::InvalidSignature)?;
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_lowercase())
        .unwrap_or_default();
    if declared != claims.ct && !(declared == "image/jpeg" && claims.ct == "image/jpg") {
        return Err(GatewayError::ContentTypeMismatch(claims.ct).into());
    }
    let too_large = || GatewayError::FileTooLarge("The file is larger than allowed.".to_owned());
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| GatewayError::InvalidBody(e.to_string()))?;
        if (body.len() + chunk.len()) as u64 > claims.max.min(MAX_UPLOAD_BYTES) {
            return Err(too_large().into());
        }
        body.extend_from_slice(&chunk);
    }
    if body.is_empty() {
        return Err(GatewayError::EmptyFile.into());
    }
    if !content_matches(&claims.ct, &body) {
        return Err(GatewayError::FileTypeMismatch.into());
    }
    state.files.create(&key, body.to_vec(), &claims.ct).await.map_err(stored)?;
    Ok(Json(FileUrl { status: true, url: state.files.public_url(&key) }))
}

/// Download a file: public files as they are, private ones only with a signed link.
#[utoipa::path(
    tag = "files",
    params(("key" = String, Path, description = "The file's key")),
    responses((status = 200, description = "The file's bytes, with its type", content_type = "application/octet-stream"))
)]
#[get("/files/{key:.+}")]
pub async fn get_file(state: State, req: HttpRequest, key: web::Path<String>) -> HttpResult {
    let key = key.into_inner();
    if !key.starts_with("public/") {
        let claims = claims(&req).ok_or(GatewayError::InvalidSignature)?;
        state
            .files
            .verify(SignedOp::Get, &key, &claims)
            .map_err(|_| GatewayError::InvalidSignature)?;
    }
    let obj = state.files.get(&key).await.map_err(stored)?;
    Ok(HttpResponse::Ok()
        .content_type(obj.content_type)
        .insert_header(("X-Content-Type-Options", "nosniff"))
        // Files are data, never active content: no scripts even in an SVG opened directly.
        .insert_header((
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        ))
        .insert_header((
            "Cache-Control",
            if key.starts_with("public/") { "public, max-age=86400" } else { "private, no-store" },
        ))
        .body(obj.bytes))
}

/// A multipart upload form.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// The file(s) (field names `file`, `image` or `images`).
    #[schema(value_type = Vec<String>, format = Binary)]
    images: Vec<u8>,
    /// For driver documents: `dl`, `dlBackSide`, `selfie` or `insurance`.
    #[schema(value_type = Option<String>)]
    r#type: Option<String>,
}

/// A private file stored, with a short link to it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PrivateFile {
    status: bool,
    key: String,
    url: String,
}

/// Upload a PDF (form: file).
#[utoipa::path(tag = "files", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = PrivateFile)), security(("bearer" = [])))]
#[post("/image/uploadPdf")]
pub async fn upload_pdf(
    state: State,
    user: AuthUser,
    form: Multipart,
) -> HttpResult<Json<PrivateFile>> {
    let parts = read_parts(form, MAX_PDF_BYTES).await?;
    let pdf = files(&parts, &["file", "pdf"])
        .into_iter()
        .next()
        .ok_or(GatewayError::NoFiles("Please attach a PDF file."))?;
    real_type(pdf, &["application/pdf"])?;
    let key = private_key(&user.0, "document", "application/pdf");
    state.files.put(&key, pdf.bytes.clone(), "application/pdf").await.map_err(stored)?;
    let url = state.files.presign_get(&key, LINK_TTL).map_err(stored)?;
    Ok(Json(PrivateFile { status: true, key, url }))
}

/// Private images stored, with short links to them.
#[derive(Debug, Serialize, ToSchema)]
pub struct PrivateImages {
    status: bool,
    keys: Vec<String>,
    urls: Vec<String>,
}

/// Upload private images (form: images), answered with keys and short-lived links.
#[utoipa::path(tag = "files", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = PrivateImages)), security(("bearer" = [])))]
#[post("/image/uploadSecretImages")]
pub async fn upload_secret_images(
    state: State,
    user: AuthUser,
    form: Multipart,
) -> HttpResult<Json<PrivateImages>> {
    let parts = read_parts(form, MAX_UPLOAD_BYTES as usize).await?;
    let images = files(&parts, &["images", "image", "files", "file"]);
    if images.is_empty() {
        return Err(GatewayError::NoFiles("No images were uploaded.").into());
    }
    let mut keys = Vec::new();
    let mut urls = Vec::new();
    for img in images {
        let ct = real_type(img, DOC_IMAGE_TYPES)?;
        let key = private_key(&user.0, "image", ct);
        state.files.put(&key, img.bytes.clone(), ct).await.map_err(stored)?;
        urls.push(state.files.presign_get(&key, LINK_TTL).map_err(stored)?);
        keys.push(key);
    }
    Ok(Json(PrivateImages { status: true, keys, urls }))
}

/// One of the caller's private files.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct KeyBody {
    key: Text,
}

/// A short link to a private file.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileLink {
    status: bool,
    url: String,
}

/// A 15-minute link to one's own private file (admins may open any).
#[utoipa::path(tag = "files", request_body = KeyBody, responses((status = 200, body = FileLink)), security(("bearer" = [])))]
#[post("/image/generateSecretImagePresignedUrlNew")]
pub async fn secret_image_url(
    state: State,
    user: AuthUser,
    body: Json<KeyBody>,
) -> HttpResult<Json<FileLink>> {
    let key = body.key.as_str();
    upcar_storage::validate_key(key).map_err(|_| GatewayError::InvalidKey)?;
    let own = format!("private/users/{}/", user.0.user_id);
    if !key.starts_with(&own) && user.0.role != Role::Admin {
        return Err(GatewayError::NotYourFile.into());
    }
    let url = state.files.presign_get(key, LINK_TTL).map_err(stored)?;
    Ok(Json(FileLink { status: true, url }))
}

const DOC_IMAGE_TYPES: &[&str] =
    &["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];

fn label(kind: &str) -> String {
    match kind {
        "dl" => "DL".to_owned(),
        "dlBackSide" => "DL BACK SIDE".to_owned(),
        other => other.to_uppercase(),
    }
}

/// Stores one document and records it with accounts, which owns the document rules (the
/// kinds there are): a kind it refuses leaves no file behind.
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
    let key = private_key(user, "document", ct);
    state.files.put(&key, part.bytes.clone(), ct).await.map_err(stored)?;
    let msg = pb::RecordDriverDocumentRequest {
        document_type: kind.to_owned(),
        storage_key: key.clone(),
    };
    match state.accounts.clone().record_driver_document(request(msg, Some(user))).await {
        Ok(r) => Ok(r.into_inner()),
        Err(refused) => {
            if let Err(e) = state.files.delete(&key).await {
                tracing::warn!(error = %e, %key, "refused document not removed");
            }
            Err(refused.into())
        }
    }
}

/// The spec's clients name the licence sides in two ways.
fn doc_kind(raw: &str) -> String {
    match raw.trim() {
        "dlFront" => "dl".to_owned(),
        "dlBack" => "dlBackSide".to_owned(),
        other => other.to_owned(),
    }
}

/// The documents' status after an upload, with what was uploaded.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentUpload {
    #[serde(flatten)]
    documents: Documents,
    #[serde(skip_serializing_if = "Option::is_none")]
    keys: Option<Documents>,
}

/// Upload one driver document (form: file, type dl | dlBackSide | selfie); works with the
/// phone flow's temporary token.
#[utoipa::path(tag = "accounts", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = DocumentUpload)), security(("bearer" = [])))]
#[post("/users/uploadDriverDocument")]
pub async fn upload_driver_document(
    state: State,
    user: UploadUser,
    form: Multipart,
) -> HttpResult<Json<DocumentUpload>> {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let kind = doc_kind(&text_field(&parts, &["type", "fileType"]).unwrap_or_default());
    let file = files(&parts, &["file", "image", "images"])
        .into_iter()
        .next()
        .ok_or(GatewayError::NoFiles("No images were uploaded."))?;
    let docs = store_document(&state, &user.0, &kind, file).await?;
    Ok(Json(DocumentUpload {
        documents: Documents::from(&docs)
            .saying(format!("{} uploaded successfully!", label(&kind))),
        keys: Some(Documents::from(&docs)),
    }))
}

/// Upload licence images (form: images, fileType); with fileType `dl` and two images, the
/// first is the front and the second the back.
#[utoipa::path(tag = "accounts", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = Documents)), security(("bearer" = [])))]
#[post("/users/addDlImages")]
pub async fn add_dl_images(
    state: State,
    user: UploadUser,
    form: Multipart,
) -> HttpResult<Json<Documents>> {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let kind = doc_kind(&text_field(&parts, &["fileType", "type"]).unwrap_or_else(|| "dl".into()));
    let images = files(&parts, &["images", "image", "file"]);
    if images.is_empty() {
        return Err(GatewayError::NoFiles("No images were uploaded.").into());
    }
    let kinds: Vec<&str> = match (kind.as_str(), images.len()) {
        ("dl", 2) => vec!["dl", "dlBackSide"],
        (k, 1) => vec![k],
        _ => {
            return Err(GatewayError::TooManyFiles(
                "Send one image per document (two for dl: front then back).".to_owned(),
            )
            .into());
        }
    };
    let mut last = None;
    for (k, img) in kinds.iter().zip(images) {
        last = Some(store_document(&state, &user.0, k, img).await?);
    }
    let docs = last.ok_or_else(|| HttpError::internal("no document stored"))?;
    Ok(Json(Documents::from(&docs).saying(format!("{} uploaded successfully!", label(&kind)))))
}

/// Upload an insurance photo (form: image).
#[utoipa::path(tag = "accounts", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = Documents)), security(("bearer" = [])))]
#[post("/users/uploadInsurance")]
pub async fn upload_insurance(
    state: State,
    user: AuthUser,
    form: Multipart,
) -> HttpResult<Json<Documents>> {
    let parts = read_parts(form, MAX_DOCUMENT_BYTES).await?;
    let img = files(&parts, &["image", "images", "file"])
        .into_iter()
        .next()
        .ok_or(GatewayError::NoFiles("No images were uploaded."))?;
    let docs = store_document(&state, &user.0, "insurance", img).await?;
    Ok(Json(Documents::from(&docs).saying("INSURANCE uploaded successfully!")))
}

/// Driver documents status.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Documents)), security(("bearer" = [])))]
#[get("/users/driverDocuments")]
pub async fn driver_documents(state: State, user: UploadUser) -> HttpResult<Json<Documents>> {
    let r = state
        .accounts
        .clone()
        .get_driver_documents(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Documents::from(&r)))
}

/// How many first bytes of a photo the hosting service reads (type and dimensions sit in the
/// header; a JPEG's frame header may follow large metadata blocks).
const PHOTO_HEAD_BYTES: usize = 256 * 1024;

/// What the file store knows of a photo a listing names: whether it is one of this product's
/// public files, its size and first bytes. The hosting service judges them (type, size,
/// resolution), on the stored bytes rather than the name.
pub async fn photo_facts(state: &AppState, url: &str) -> upcar_proto::hosting::PhotoFacts {
    let mut facts = upcar_proto::hosting::PhotoFacts { url: url.to_owned(), ..Default::default() };
    let prefix = state.files.public_url("");
    let Some(key) = url.strip_prefix(&prefix) else { return facts };
    let key = key.split(['?', '#']).next().unwrap_or_default();
    if !key.starts_with("public/") {
        return facts;
    }
    if let Ok(obj) = state.files.get(key).await {
        facts.stored = true;
        facts.size_bytes = obj.bytes.len() as i64;
        facts.head = obj.bytes[..obj.bytes.len().min(PHOTO_HEAD_BYTES)].to_vec();
    }
    facts
}
