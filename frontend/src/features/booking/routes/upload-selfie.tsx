export default function Route() {
  return <main id="main" className="page page--narrow"><h1>upload-selfie</h1></main>;
}
