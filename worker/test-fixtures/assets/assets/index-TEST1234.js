console.log("fixture bundle");
