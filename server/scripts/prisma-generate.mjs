console.log("generate pending")
