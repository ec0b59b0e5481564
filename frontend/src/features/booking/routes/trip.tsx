export default function Route() {
  return <main id="main" className="page page--narrow"><h1>trip</h1></main>;
}
