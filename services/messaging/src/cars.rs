//! What a scheduled message says of the car: its name, its address and its time zone, read
//! from catalog-search's public car page when a message is sent.

use std::sync::Arc;
use upcar_grpc::Channel;
use upcar_proto::catalog as cpb;
use upcar_proto::catalog::catalog_client::CatalogClient;
use uuid::Uuid;

/// The car as a message names it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CarFacts {
    /// `Make Model` (empty when the car page has neither).
    pub name: String,
    /// One line: street, city, state zip.
    pub address: String,
    /// IANA name, `America/Los_Angeles`.
    pub time_zone: String,
}

/// Where car facts come from.
#[async_trait::async_trait]
pub trait CarDirectory: Send + Sync {
    /// The car's facts; `Ok(None)` for a car the catalog does not know, an error when it did
    /// not answer (the message waits for the next round).
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>>;
}

/// The catalog-search service.
pub struct Catalog(pub CatalogClient<Channel>);

#[async_trait::async_trait]
impl CarDirectory for Catalog {
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>> {
        let req = upcar_identity::outgoing(
            cpb::CarIdRequest { car_id: id.to_string(), ..Default::default() },
            None,
        );
        match self.0.clone().get_car(req).await {
            Ok(r) => {
                let d = r.into_inner();
                let s = d.summary.unwrap_or_default();
                let name = format!("{} {}", s.make.trim(), s.model.trim()).trim().to_owned();
                let address = s.address.map(|a| one_line(&a)).unwrap_or_default();
                Ok(Some(CarFacts { name, address, time_zone: d.time_zone }))
            }
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => anyhow::bail!("GetCar: {:?} {}", status.code(), status.message()),
        }
    }
}

fn one_line(a: &cpb::Address) -> String {
    let city_line = format!("{} {}", a.state.trim(), a.zip.trim()).trim().to_owned();
    [a.street.trim(), a.city.trim(), city_line.as_str()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Fixed facts (tests, and a stack without catalog-search).
pub struct Fixed(pub std::collections::HashMap<Uuid, CarFacts>);

#[async_trait::async_trait]
impl CarDirectory for Fixed {
    async fn car(&self, id: Uuid) -> anyhow::Result<Option<CarFacts>> {
        Ok(self.0.get(&id).cloned())
    }
}

/// The shared handle.
pub type Cars = Arc<dyn CarDirectory>;
