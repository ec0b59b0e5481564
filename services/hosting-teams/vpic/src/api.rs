//! [`VpicApiDecoder`]: NHTSA's vPIC web API.

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Client, Url};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::rules::{self, Vin};
use crate::{DecodeError, DecodedVehicle, VinDecoder};

/// Decodes VINs with NHTSA's vPIC API: `DecodeVinValues`, `GetModelsForMake`, `GetAllMakes`.
#[derive(Debug, Clone)]
pub struct VpicApiDecoder {
    base: Url,
    client: Client,
    timeout: Duration,
}

impl VpicApiDecoder {
    /// NHTSA's production address of the API.
    pub const DEFAULT_BASE_URL: &'static str = "https://vpic.nhtsa.dot.gov";
    /// How long one request may take unless [`with_timeout`](Self::with_timeout) says otherwise.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// `base_url` is where the API's `/api/vehicles/...` paths start, e.g.
    /// [`DEFAULT_BASE_URL`](Self::DEFAULT_BASE_URL).
    pub fn new(base_url: &str, client: Client) -> Result<Self, DecodeError> {
        let base = Url::parse(base_url)
            .map_err(|e| DecodeError::Http(format!("base URL {base_url:?}: {e}")))?;
        if base.cannot_be_a_base() {
            return Err(DecodeError::Http(format!("base URL {base_url:?} cannot have paths")));
        }
        Ok(Self { base, client, timeout: Self::DEFAULT_TIMEOUT })
    }

    /// The time allowed for each request.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// `{base}/api/vehicles/{segments...}?format=json`, each segment escaped.
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(["api", "vehicles"]).extend(segments);
        }
        url.query_pairs_mut().clear().append_pair("format", "json");
        url
    }

    async fn get<T: DeserializeOwned>(&self, segments: &[&str]) -> Result<T, DecodeError> {
        let url = self.url(segments);
        let sent = self.client.get(url).timeout(self.timeout).send().await;
        let response = sent.map_err(|e| self.request_error(e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(DecodeError::Status(status.as_u16()));
        }
        let body = response.bytes().await.map_err(|e| self.request_error(e))?;
        serde_json::from_slice(&body).map_err(|e| DecodeError::BadResponse(e.to_string()))
    }

    fn request_error(&self, e: reqwest::Error) -> DecodeError {
        if e.is_timeout() {
            DecodeError::Timeout(self.timeout)
        } else {
            DecodeError::Http(e.to_string())
        }
    }
}

#[derive(Deserialize)]
struct Envelope<T> {
    #[serde(rename = "Results", default = "Vec::new")]
    results: Vec<T>,
}

/// The fields of `DecodeVinValues`' flat result that the wizard uses (all strings in vPIC).
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct VinValues {
    #[serde(default)]
    make: Option<String>,
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    trim: Option<String>,
    #[serde(default)]
    body_class: Option<String>,
    #[serde(default)]
    model_year: Option<String>,
    #[serde(default)]
    transmission_style: Option<String>,
    /// "0" when the VIN decoded clean; otherwise codes such as "1" (check digit), "7"
    /// (maker not registered), "1,14", ...
    #[serde(default)]
    error_code: Option<String>,
    #[serde(default)]
    error_text: Option<String>,
}

#[derive(Deserialize)]
struct ModelRow {
    #[serde(rename = "Model_Name", default)]
    model_name: Option<String>,
}

#[derive(Deserialize)]
struct MakeRow {
    #[serde(rename = "Make_Name", default)]
    make_name: Option<String>,
}

fn non_empty(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl VinValues {
    /// Details when vPIC gave a make, a model and a year, whatever its error code says (a wrong
    /// check digit still decodes); `None` otherwise.
    fn into_vehicle(self) -> Option<DecodedVehicle> {
        let make = non_empty(self.make)?;
        let model = non_empty(self.model)?;
        let car_year = non_empty(self.model_year)?.parse().ok()?;
        let style = non_empty(self.body_class).map_or("sedan", |b| rules::style_for_body_class(&b));
        Some(DecodedVehicle {
            make,
            model,
            trim: non_empty(self.trim).unwrap_or_default(),
            style: style.to_owned(),
            car_year,
            transmission_type: non_empty(self.transmission_style)
                .and_then(|t| rules::transmission_for_style(&t))
                .map(str::to_owned),
        })
    }
}

fn sorted_unique(mut names: Vec<String>) -> Vec<String> {
    names.sort_by_cached_key(|n| (n.to_lowercase(), n.clone()));
    names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    names
}

#[async_trait]
impl VinDecoder for VpicApiDecoder {
    async fn decode(&self, vin: &str) -> Result<Option<DecodedVehicle>, DecodeError> {
        let Some(vin) = Vin::parse(vin) else {
            return Ok(None);
        };
        let answer: Envelope<VinValues> = self.get(&["DecodeVinValues", vin.as_str()]).await?;
        let Some(values) = answer.results.into_iter().next() else {
            return Ok(None);
        };
        tracing::debug!(
            vin = vin.as_str(),
            error_code = values.error_code.as_deref().unwrap_or(""),
            error_text = values.error_text.as_deref().unwrap_or(""),
            "vPIC API decoded a VIN"
        );
        Ok(values.into_vehicle())
    }

    async fn models_for_make(&self, make: &str) -> Result<Vec<String>, DecodeError> {
        let make = make.trim();
        if make.is_empty() {
            return Ok(Vec::new());
        }
        let answer: Envelope<ModelRow> = self.get(&["GetModelsForMake", make]).await?;
        Ok(sorted_unique(
            answer.results.into_iter().filter_map(|r| non_empty(r.model_name)).collect(),
        ))
    }

    async fn makes(&self) -> Result<Vec<String>, DecodeError> {
        let answer: Envelope<MakeRow> = self.get(&["GetAllMakes"]).await?;
        Ok(sorted_unique(
            answer.results.into_iter().filter_map(|r| non_empty(r.make_name)).collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_escape_segments_and_keep_a_base_path() {
        let d = VpicApiDecoder::new("http://127.0.0.1:9/", Client::new()).expect("decoder");
        assert_eq!(
            d.url(&["GetModelsForMake", "Land Rover"]).as_str(),
            "http://127.0.0.1:9/api/vehicles/GetModelsForMake/Land%20Rover?format=json"
        );
        let d = VpicApiDecoder::new("http://127.0.0.1:9/vpic", Client::new()).expect("decoder");
        assert_eq!(
            d.url(&["DecodeVinValues", "1HGCM82633A004352"]).as_str(),
            "http://127.0.0.1:9/vpic/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json"
        );
        assert!(VpicApiDecoder::new("not a url", Client::new()).is_err());
    }
}
