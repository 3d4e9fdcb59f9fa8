process.env.CDK_FRAMEWORK = 'cdktf';
