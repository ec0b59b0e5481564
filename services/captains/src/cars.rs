//! What a task says of its car: make, model, photo and place, read from catalog-search's
//! public car page when the task is made.

use std::sync::Arc;
use upcar_grpc::Channel;
use upcar_proto::catalog as cpb;
use upcar_proto::catalog::catalog_client::CatalogClient;
use uuid::Uuid;

/// An address with its coordinates, as tasks keep it.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Place {
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub latitude: f64,
    pub longitude: f64,
}

impl Place {
    /// A place from one line of address ("street, city, state zip") and coordinates.
    pub fn from_line(line: &str, latitude: f64, longitude: f64) -> Self {
        let parts: Vec<&str> = line.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
        let (state, zip) = match parts.get(2) {
            Some(sz) => {
                let mut words = sz.split_whitespace();
                (words.next().unwrap_or_default().to_owned(), words.collect::<Vec<_>>().join(" "))
            }
            None => (String::new(), String::new()),
        };
        Place {
            street: parts.first().copied().unwrap_or_default().to_owned(),
            city: parts.get(1).copied().unwrap_or_default().to_owned(),
            state,
            zip,
            latitude,
            longitude,
        }
    }

    pub fn point(&self) -> crate::domain::geo::Point {
        crate::domain::geo::Point { lat: self.latitude, lng: self.longitude }
    }
}

/// The car as a task shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CarFacts {
    pub make: String,
    pub model: String,
    pub photo: String,
    pub place: Place,
}

/// Where car facts come from.
#[async_trait::async_trait]
pub trait CarDirectory: Send + Sync {
    /// The car's facts; `Ok(None)` for a car the catalog does not know, an error when it did
    /// not answer (the event is retried).
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>>;
}

/// The catalog-search service.
pub struct Catalog(pub CatalogClient<Channel>);

#[async_trait::async_trait]
impl CarDirectory for Catalog {
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>> {
        let msg = cpb::CarIdRequest { car_id: id.to_string(), page_view: false };
        let req = upcar_identity::outgoing(msg, None);
        match self.0.clone().get_car(req).await {
            Ok(r) => {
                let s = r.into_inner().summary.unwrap_or_default();
                let a = s.address.unwrap_or_default();
                let photo = if s.primary_photo_url.is_empty() {
                    s.photo_urls.first().cloned().unwrap_or_default()
                } else {
                    s.primary_photo_url
                };
                Ok(Some(CarFacts {
                    make: s.make,
                    model: s.model,
                    photo,
                    place: Place {
                        street: a.street,
                        city: a.city,
                        state: a.state,
                        zip: a.zip,
                        latitude: s.latitude,
                        longitude: s.longitude,
                    },
                }))
            }
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => anyhow::bail!("GetCar: {:?} {}", status.code(), status.message()),
        }
    }
}

/// Fixed facts (tests).
pub struct Fixed(pub std::collections::HashMap<Uuid, CarFacts>);

#[async_trait::async_trait]
impl CarDirectory for Fixed {
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>> {
        Ok(self.0.get(&id).cloned())
    }
}

/// The shared handle.
pub type Cars = Arc<dyn CarDirectory>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_line_splits_into_street_city_state_and_zip() {
        let p = Place::from_line("39650 Liberty St, Fremont, CA 94538", 37.5, -121.9);
        assert_eq!(
            (p.street.as_str(), p.city.as_str(), p.state.as_str(), p.zip.as_str()),
            ("39650 Liberty St", "Fremont", "CA", "94538")
        );
        let p = Place::from_line("Somewhere", 1.0, 2.0);
        assert_eq!((p.street.as_str(), p.city.as_str(), p.state.as_str()), ("Somewhere", "", ""));
        assert_eq!((p.latitude, p.longitude), (1.0, 2.0));
    }
}
