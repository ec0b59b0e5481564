export default function Route() {
  return <main id="main" className="page page--narrow"><h1>checkout</h1></main>;
}
